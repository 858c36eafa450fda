/**
 * @module What creators taught their clone (issue 10 §5), around any brain: a revised answer wins
 * for its question and close paraphrases, streamed as the creator wrote it and cited as 'Answer
 * Provided by the Clone Creator'; otherwise the inner brain answers with the creator's
 * speaking-style notes (`AnswerInput.toneFeedback`).
 */
import type { Queryable } from '@doppel/db';
import { CREATOR_ANSWER_TITLE } from '@doppel/protocol';
import { z } from 'zod';
import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '../brain';
import { wordsAsTokens } from '../local/words-as-tokens';
import { matchesRevisedQuestion } from './creator-answer-match';

/** Revised answers compared per question, newest first (a creator's list, not the knowledge). */
const REVISED_ANSWERS = 500;
/** Speaking-style notes sent along, newest kept. */
const TONE_NOTES = 10;

const RevisedAnswer = z.object({ id: z.string(), question: z.string(), answer: z.string() });
const ToneNote = z.object({ feedback: z.string() });

/** The newest revised answer of the clone whose question `question` asks again, if any. */
export async function findRevisedAnswer(
  db: Queryable,
  cloneId: string,
  question: string,
): Promise<z.infer<typeof RevisedAnswer> | null> {
  const rows = z
    .array(RevisedAnswer)
    .parse(
      await db.query(
        'SELECT id, question, answer FROM creator_answers WHERE clone_id = $1 ORDER BY created_at DESC LIMIT $2',
        [cloneId, REVISED_ANSWERS],
      ),
    );
  return rows.find((row) => matchesRevisedQuestion(question, row.question)) ?? null;
}

/** The clone's speaking-style notes, oldest first. */
export async function toneNotes(db: Queryable, cloneId: string): Promise<string[]> {
  const rows = z
    .array(ToneNote)
    .parse(
      await db.query(
        'SELECT feedback FROM tone_feedback WHERE clone_id = $1 ORDER BY created_at DESC LIMIT $2',
        [cloneId, TONE_NOTES],
      ),
    );
  return rows.map((row) => row.feedback).reverse();
}

/** `inner`, taught by the clone's creators: revised answers first, speaking style always. */
export function withCreatorKnowledge(db: Queryable, inner: Brain): Brain {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const revised = await findRevisedAnswer(db, input.clone.id, input.question);
      if (!revised) {
        const toneFeedback = await toneNotes(db, input.clone.id);
        yield* inner.answer(toneFeedback.length > 0 ? { ...input, toneFeedback } : input);
        return;
      }
      const text = `${revised.answer.trim()} [1]`;
      const citation: CitationDraft = {
        position: 1,
        used: true,
        documentId: revised.id,
        documentTitle: CREATOR_ANSWER_TITLE,
        title: CREATOR_ANSWER_TITLE,
        text: revised.answer.trim(),
        url: null,
        timestampMs: null,
        type: 'file',
      };
      for (const token of wordsAsTokens(text)) {
        if (input.signal?.aborted) return;
        yield { type: 'token', token };
      }
      yield {
        type: 'done',
        text,
        citations: [citation],
        retrieval: { source: 'creator-answer', query: revised.question, passages: [] },
      };
    },
  };
}

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
const Taught = z.object({ answers: z.array(RevisedAnswer), notes: z.array(z.string()) });

/**
 * The clone's revised answers (newest first) and speaking-style notes (oldest first), in one
 * statement: it runs before every answer's first token.
 */
export async function creatorKnowledge(db: Queryable, cloneId: string): Promise<z.infer<typeof Taught>> {
  const [row] = await db.query(
    `SELECT
       COALESCE((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'question', a.question, 'answer', a.answer)
           ORDER BY a.created_at DESC)
         FROM (SELECT id, question, answer, created_at FROM creator_answers WHERE clone_id = $1
               ORDER BY created_at DESC LIMIT $2) a), '[]'::jsonb) AS answers,
       COALESCE((SELECT jsonb_agg(t.feedback ORDER BY t.created_at)
         FROM (SELECT feedback, created_at FROM tone_feedback WHERE clone_id = $1
               ORDER BY created_at DESC LIMIT $3) t), '[]'::jsonb) AS notes`,
    [cloneId, REVISED_ANSWERS, TONE_NOTES],
  );
  // No row at all: only a stub database answers so; it taught nothing.
  return row ? Taught.parse(row) : { answers: [], notes: [] };
}

/** `inner`, taught by the clone's creators: revised answers first, speaking style always. */
export function withCreatorKnowledge(db: Queryable, inner: Brain): Brain {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const taught = await creatorKnowledge(db, input.clone.id);
      // The newest revised answer whose question this one asks again, if any.
      const revised = taught.answers.find((row) => matchesRevisedQuestion(input.question, row.question));
      if (!revised) {
        const toneFeedback = taught.notes;
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

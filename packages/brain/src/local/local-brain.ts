/**
 * @module The brain without an LLM (DESIGN §2, §3): greetings and introductions from the
 * profile, grounded extractive answers from retrieval, an honest "I haven't covered that"
 * otherwise. The answer is composed as soon as retrieval returns and streamed word by word
 * at once (no artificial delays).
 */
import type { Queryable } from '@doppel/db';
import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '../brain';
import { documentTitles } from '../retrieval/document-titles';
import { retrieve } from '../retrieval/retrieve';
import { withAttachments } from '../retrieval/with-attachments';
import { classifyQuestion } from './classify-question';
import { composeGroundedAnswer } from './compose-grounded-answer';
import { composeGreeting, composeIdentity, composeNotCovered } from './compose-profile-answer';
import { followUpQuery } from './follow-up-query';
import { wordsAsTokens } from './words-as-tokens';

/** Passages retrieved per question. */
const PASSAGES = 6;

async function compose(
  db: Queryable,
  input: AnswerInput,
): Promise<{ text: string; citations: CitationDraft[] }> {
  const { clone, question, history } = input;
  const kind = classifyQuestion(question, clone.name);
  if (kind === 'greeting' || kind === 'identity') {
    const context = { clone, documentTitles: await documentTitles(db, clone.id) };
    return { text: kind === 'greeting' ? composeGreeting(context) : composeIdentity(context), citations: [] };
  }
  const { query, exclude } = followUpQuery(question, history);
  const passages = await withAttachments(
    input,
    query,
    await retrieve(db, clone.id, query, { limit: PASSAGES }),
  );
  const grounded = composeGroundedAnswer(query, passages, { cloneName: clone.name, exclude });
  if (grounded) return grounded;
  return {
    text: composeNotCovered({ clone, documentTitles: await documentTitles(db, clone.id) }),
    citations: [],
  };
}

/** A `Brain` that answers from the clone's knowledge in `db`, without any external service. */
export function createLocalBrain(db: Queryable): Brain {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const { text, citations } = await compose(db, input);
      for (const token of wordsAsTokens(text)) {
        if (input.signal?.aborted) return;
        yield { type: 'token', token };
      }
      yield { type: 'done', text, citations };
    },
  };
}

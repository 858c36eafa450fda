/**
 * @module The local brain as it answered before issue 8 ("Answers that answer"), vendored for
 * scripts/bench/answers.mjs only: its figures are the baseline the bench prints beside
 * today's. The files beside this one are copies of packages/brain/src as of commit 325b488
 * (compose-grounded-answer, follow-up-query, classify-question, compose-profile-answer, topics,
 * terms, sentences, words-as-tokens); retrieval is today's `retrieve` on the question as typed.
 * Not product code: nothing outside the bench imports it.
 */

import type { AnswerEvent, AnswerInput, Brain, CitationDraft } from '../../../packages/brain/src/brain.ts';
import { documentTitles } from '../../../packages/brain/src/retrieval/document-titles.ts';
import { retrieve } from '../../../packages/brain/src/retrieval/retrieve.ts';
import type { Queryable } from '../../../packages/db/src/index.ts';
import { classifyQuestion } from './classify-question.ts';
import { composeGroundedAnswer } from './compose-grounded-answer.ts';
import { composeGreeting, composeIdentity, composeNotCovered } from './compose-profile-answer.ts';
import { followUpQuery } from './follow-up-query.ts';
import { wordsAsTokens } from './words-as-tokens.ts';

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
  const passages = await retrieve(db, clone.id, query, { limit: PASSAGES });
  const grounded = composeGroundedAnswer(query, passages, { cloneName: clone.name, exclude });
  if (grounded) return grounded;
  return {
    text: composeNotCovered({ clone, documentTitles: await documentTitles(db, clone.id) }),
    citations: [],
  };
}

/** The pre-issue-8 local brain. */
export function createBaselineBrain(db: Queryable): Brain {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined> {
      const { text, citations } = await compose(db, input);
      for (const token of wordsAsTokens(text)) yield { type: 'token', token };
      yield { type: 'done', text, citations };
    },
  };
}

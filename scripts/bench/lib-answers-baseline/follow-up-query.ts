/**
 * @module What to search for: the question itself, or, for a follow-up like "tell me more",
 * the previous question with it, skipping what the previous answer already said.
 */
import type { HistoryTurn } from '../../../packages/brain/src/brain.ts';
import { isFollowUp } from './classify-question.ts';
import { splitSentences } from './sentences.ts';
import { contentTerms } from './terms.ts';

export interface SearchQuery {
  query: string;
  /** Sentences of the previous answer, not to be repeated. */
  exclude: string[];
}

export function followUpQuery(question: string, history: readonly HistoryTurn[]): SearchQuery {
  if (!isFollowUp(question) && contentTerms(question).length > 0) return { query: question, exclude: [] };
  const previousQuestion = history.findLast(
    (turn) => turn.sender === 'USER' && turn.text.trim() !== question.trim(),
  );
  if (!previousQuestion) return { query: question, exclude: [] };
  const previousAnswer = history.findLast((turn) => turn.sender === 'CLONE');
  return {
    query: `${previousQuestion.text} ${question}`,
    exclude: previousAnswer ? splitSentences(previousAnswer.text) : [],
  };
}

import { SUGGESTED_QUESTIONS_SHOWN } from '@doppel/protocol';
import { canShuffle } from './can-shuffle';
import { type RandomSource, shuffle } from './shuffle';

/**
 * The suggested questions to show: all of them, in their given order, when there are 3 or
 * fewer; otherwise 3 picked at random, in random order.
 * Why: spec/chat.md §9 — suggested questions shown: 3; reshuffled randomly when more than 3 exist.
 */
export function pickSuggestedQuestions<T>(all: readonly T[], random: RandomSource = Math.random): T[] {
  if (!canShuffle(all)) return [...all];
  return shuffle(all, random).slice(0, SUGGESTED_QUESTIONS_SHOWN);
}

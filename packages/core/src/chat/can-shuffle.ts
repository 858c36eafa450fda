import { SUGGESTED_QUESTIONS_SHOWN } from '@doppel/protocol';

/**
 * Whether the suggested-question shuffle button is shown: only when more than 3 exist.
 * Why: spec/chat.md §9 — reshuffled randomly when more than 3 exist (shuffle button shown only then).
 */
export function canShuffle(all: readonly unknown[]): boolean {
  return all.length > SUGGESTED_QUESTIONS_SHOWN;
}

import { SUGGESTED_QUESTIONS_SHOWN } from '@doppel/protocol';
import { canShuffle } from './can-shuffle';
import { type RandomSource, shuffle } from './shuffle';

/** A suggested question as a string or as the protocol's `{ id, question }`. */
type Question = string | { id: string };

const keyOf = (q: Question): string => (typeof q === 'string' ? q : q.id);

/**
 * The next set for the shuffle button: 3 questions that differ from `current` whenever more
 * than 3 exist. Questions not on screen are taken first (at random), the rest of the 3 is
 * filled from the current ones, and the result is in random order — so every press shows as
 * many new questions as the list allows. Questions match by `id` (or by text for strings).
 * With 3 or fewer questions nothing can change and `current` comes back as a copy.
 * Why: spec/chat.md §9 — reshuffled randomly when more than 3 exist.
 */
export function shuffleSuggested<T extends Question>(
  all: readonly T[],
  current: readonly T[],
  random: RandomSource = Math.random,
): T[] {
  if (!canShuffle(all)) return [...current];
  const shown = new Set(current.map(keyOf));
  const mixed = shuffle(all, random);
  const fresh = mixed.filter((q) => !shown.has(keyOf(q)));
  const seen = mixed.filter((q) => shown.has(keyOf(q)));
  return shuffle([...fresh, ...seen].slice(0, SUGGESTED_QUESTIONS_SHOWN), random);
}

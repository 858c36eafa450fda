/** A source of randomness in [0, 1), like Math.random; injected so tests are deterministic. */
export type RandomSource = () => number;

/**
 * A shuffled copy of `items` (each pick uniform among the items left, drawing from
 * `random`); the input is untouched. Out-of-range values from `random` are clamped so a bad
 * source cannot lose or duplicate items.
 * Why: spec/chat.md §9 — suggested questions are reshuffled randomly.
 */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const pool = [...items];
  const result: T[] = [];
  while (pool.length > 0) {
    const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
    result.push(...pool.splice(Math.floor(r * pool.length), 1));
  }
  return result;
}

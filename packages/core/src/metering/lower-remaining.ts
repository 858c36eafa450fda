import { isUnlimited } from './is-unlimited';

/**
 * What is left after a call of `elapsedSeconds`: lowered by the elapsed seconds, never below 0;
 * unknown (null) and unlimited (-1) stay as they are.
 * Why: spec/calls.md §4 — "Stop: … lowers local remaining voice seconds by elapsed seconds
 * (floor 0, not when unlimited or unknown)".
 */
export function lowerRemaining(remaining: number | null, elapsedSeconds: number): number | null {
  if (remaining === null || isUnlimited(remaining)) return remaining;
  return Math.max(0, remaining - Math.max(0, Math.floor(elapsedSeconds)));
}

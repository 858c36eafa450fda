/**
 * A media timestamp in whole seconds: milliseconds divided by 1000 and rounded half up;
 * negative, NaN or infinite input gives 0.
 * Why: spec/chat.md §9 — timestamps are milliseconds, rounded to seconds; the podcast embed
 * start time is the timestamp divided by 1000, rounded.
 */
export function mediaSeconds(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  return Math.round(ms / 1000);
}

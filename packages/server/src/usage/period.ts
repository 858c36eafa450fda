/** @module Usage is counted per calendar month, UTC: the month's first day names the period. */

/** `YYYY-MM-01` of `now`'s month in UTC. */
export function usagePeriod(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}-${month}-01`;
}

/**
 * The call countdown's words for `remainingSeconds` left: 'Unlimited' for -1, else the whole
 * minutes left, rounded up, with the singular for one.
 * Why: spec/calls.md §2 — countdown 'N minutes left', singular for 1, or 'Unlimited'.
 */
export function countdownText(remainingSeconds: number): string {
  if (remainingSeconds < 0) return 'Unlimited';
  const minutes = Math.ceil(remainingSeconds / 60);
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}

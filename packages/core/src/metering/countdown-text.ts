/**
 * The call countdown's words for `remainingSeconds` left: 'Unlimited' for -1, else the whole
 * minutes left, rounded down but never below 1 (the last minute reads '1 minute left' down to
 * zero, when the call stops), with the singular for one.
 * Why: spec/calls.md §2 — countdown 'N minutes left', singular for 1, or 'Unlimited'; §5 —
 * "Countdown shows minutes left as at least 1 (rounded down)".
 */
export function countdownText(remainingSeconds: number): string {
  if (remainingSeconds < 0) return 'Unlimited';
  const minutes = Math.max(1, Math.floor(remainingSeconds / 60));
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}

import { SECONDS_PER_MINUTE } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/**
 * The call countdown: 'Unlimited' for -1, otherwise whole minutes left rounded down but at
 * least 1 ('1 minute left', '5 minutes left').
 * Why: spec/calls.md §5 — minutes left as at least 1 (rounded down) or 'Unlimited' when
 * remaining is -1; §2 — 'N minutes left', singular for 1.
 */
export function countdownLabel(remainingSeconds: number): string {
  if (isUnlimited(remainingSeconds)) return 'Unlimited';
  const minutes = Math.max(1, Math.floor(remainingSeconds / SECONDS_PER_MINUTE));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
}

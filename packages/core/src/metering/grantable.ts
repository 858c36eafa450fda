import { chargeLimit } from './charge-limit';
import { isUnlimited } from './is-unlimited';
import type { Meter } from './meter-of';

/**
 * How much of `amount` (messages or seconds) may still be charged to a meter: all of it when
 * nothing limits it, otherwise what is left below the limit, never below 0. A charge of call
 * seconds is granted up to the quota (a partial grant); a message, amount 1, all or nothing.
 * Why: DESIGN §2 "Metering" — concurrent use never exceeds a quota; spec/calls.md §4 — a call
 * stops at zero time left.
 */
export function grantable(meter: Meter, amount: number): number {
  if (!(amount > 0)) return 0;
  const limit = chargeLimit(meter);
  if (isUnlimited(limit)) return amount;
  return Math.max(0, Math.min(amount, limit - meter.used));
}

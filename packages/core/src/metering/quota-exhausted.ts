import { grantable } from './grantable';
import type { Meter } from './meter-of';

/**
 * Whether a meter is exhausted: not even one more unit (a message, a second) may be used —
 * the quota is limited, overage is off and usage has reached it.
 * Why: spec/chat.md §6 — "usage at or above quota without overage"; spec/calls.md §5 (c) —
 * "used voice seconds reach or exceed a quota that is not -1, unless … overage is enabled".
 * §5 says video is blocked when the seconds used "exceed" the quota; at equality no second is
 * left and §4 already stops a call at zero time left, so reaching the quota is exhausted for
 * every resource.
 */
export function quotaExhausted(meter: Meter): boolean {
  return grantable(meter, 1) === 0;
}

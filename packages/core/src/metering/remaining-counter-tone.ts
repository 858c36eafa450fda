import { REMAINING_WARN_AT } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/** The remaining-messages counter's colour. */
export type CounterTone = 'normal' | 'danger';

/**
 * The counter turns red ('danger') at 3 or fewer remaining messages; unlimited never does.
 * Why: spec/chat.md §6 / §9 — remaining messages turn red at 3 or fewer.
 */
export function remainingCounterTone(remaining: number): CounterTone {
  return !isUnlimited(remaining) && remaining <= REMAINING_WARN_AT ? 'danger' : 'normal';
}

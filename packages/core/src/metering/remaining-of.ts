import { UNLIMITED } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/**
 * What is left of a quota: -1 stays -1 (unlimited), otherwise quota − used, never below 0.
 * Why: spec/chat.md §3 / spec/calls.md §3 — remaining amounts, -1 unlimited; spec/calls.md §4
 * — lowered remaining seconds floor at 0.
 */
export function remainingOf(quota: number, used: number): number {
  if (isUnlimited(quota)) return UNLIMITED;
  return Math.max(0, quota - used);
}

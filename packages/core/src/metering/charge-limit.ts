import { UNLIMITED } from '@doppel/protocol';
import type { Meter } from './meter-of';

/**
 * The most a counter may reach: the quota, or -1 (nothing stops it) with overage billing on.
 * The server's charge refuses past this limit (its SQL twin is `store/charge-limit-sql.ts`).
 * Why: spec/chat.md §6 / spec/calls.md §5 — "without overage" the quota stops use; with
 * overage it goes on and is billed.
 */
export function chargeLimit(meter: Pick<Meter, 'quota' | 'overage'>): number {
  return meter.overage ? UNLIMITED : meter.quota;
}

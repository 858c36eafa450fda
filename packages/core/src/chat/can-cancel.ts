import { STOP_GUARD_MS } from '@doppel/protocol';
import { type DateInput, toDate } from '../dates/to-date';

/** spec/chat.md §8: the warning shown when the visitor stops an answer. */
export const RESPONSE_CANCELLED = 'Response cancelled by user';

/**
 * Whether the stop button may cancel the answer: 1 s or more after the send started. No start
 * time (nothing in flight) or an invalid one never allows it.
 * Why: spec/chat.md §4 — cancel allowed only after 1 second (STOP_GUARD_MS).
 */
export function canCancel(startedAt: DateInput | null | undefined, now: DateInput): boolean {
  if (startedAt == null) return false;
  const elapsed = toDate(now).getTime() - toDate(startedAt).getTime();
  return Number.isFinite(elapsed) && elapsed >= STOP_GUARD_MS;
}

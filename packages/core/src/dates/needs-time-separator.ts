import { TIME_SEPARATOR_GAP_MS } from '@doppel/protocol';
import { type DateInput, toDate } from './to-date';

/**
 * True when `next` comes 8 hours or more after `prev` (exactly 8 h counts).
 * Why: spec/chat.md §9 — a time separator when a message is 8 hours or more after the
 * previous one. Invalid dates never ask for a separator.
 */
export function needsTimeSeparator(prev: DateInput, next: DateInput): boolean {
  const gap = toDate(next).getTime() - toDate(prev).getTime();
  return Number.isFinite(gap) && gap >= TIME_SEPARATOR_GAP_MS;
}

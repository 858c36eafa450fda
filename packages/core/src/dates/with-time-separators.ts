import { needsTimeSeparator } from './needs-time-separator';
import { timeSeparatorLabel } from './time-separator-label';
import { type DateInput, toDate } from './to-date';

/** A row of the chat list: a time separator or a message. */
export type ChatListItem<M> =
  | { kind: 'separator'; at: Date; label: string }
  | { kind: 'message'; message: M };

/**
 * Interleaves time separators with messages (given oldest first): one before the first
 * message with a valid date, so a reader sees the day the conversation started, and one
 * before every message that comes 8 h or more after the previous one.
 * Why: spec/chat.md §9 (time separators) and §2 (the conversation shows time separators).
 * Messages with an invalid `createdAt` are kept but never get or cause a separator.
 */
export function withTimeSeparators<M extends { createdAt: DateInput }>(
  messages: readonly M[],
  now: DateInput,
): ChatListItem<M>[] {
  const items: ChatListItem<M>[] = [];
  let previous: Date | null = null;
  for (const message of messages) {
    const at = toDate(message.createdAt);
    if (!Number.isNaN(at.getTime())) {
      if (previous === null || needsTimeSeparator(previous, at)) {
        items.push({ kind: 'separator', at, label: timeSeparatorLabel(at, now) });
      }
      previous = at;
    }
    items.push({ kind: 'message', message });
  }
  return items;
}

import { historyGroupLabel } from './history-group-label';
import { type DateInput, toDate } from './to-date';

/** One heading of the history list with its conversations, newest first. */
export interface ConversationGroup<C> {
  label: string;
  conversations: C[];
}

/**
 * Sorts conversations by `updatedAt`, newest first, and groups them under their history
 * labels, groups in the same order. Ties keep their input order; conversations with an
 * invalid `updatedAt` come last under the label ''. Hidden (archived) conversations are not
 * filtered here: callers decide what the list shows.
 * Why: spec/chat.md §2 (history grouped by Today, Yesterday, month-day, or full date).
 */
export function groupConversations<C extends { updatedAt: DateInput }>(
  conversations: readonly C[],
  now: DateInput,
): ConversationGroup<C>[] {
  const time = (c: C): number => {
    const t = toDate(c.updatedAt).getTime();
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  const sorted = [...conversations].sort((a, b) => {
    const diff = time(b) - time(a);
    return Number.isNaN(diff) ? 0 : diff;
  });
  const groups: ConversationGroup<C>[] = [];
  for (const conversation of sorted) {
    const label = historyGroupLabel(conversation.updatedAt, now);
    const last = groups.at(-1);
    if (last && last.label === label) last.conversations.push(conversation);
    else groups.push({ label, conversations: [conversation] });
  }
  return groups;
}

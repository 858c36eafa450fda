/** @module core/dates — date labels, time separators and history groups. */
export { dateLabel, LAST_WEEKDAY_MAX_DAYS } from './date-label';
export { type ConversationGroup, groupConversations } from './group-conversations';
export { historyGroupLabel } from './history-group-label';
export { needsTimeSeparator } from './needs-time-separator';
export { timeSeparatorLabel } from './time-separator-label';
export { type DateInput, toDate } from './to-date';
export { type ChatListItem, withTimeSeparators } from './with-time-separators';

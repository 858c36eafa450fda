import { differenceInCalendarDays, isValid } from 'date-fns';
import { type DateInput, toDate } from './to-date';

/** How many days back a date still reads as 'Last {weekday}' (7 days back is the same weekday as today). */
export const LAST_WEEKDAY_MAX_DAYS = 6;

// English names, as date-fns's default locale writes them; kept here so the chat (and the
// size-budgeted embed) need not carry date-fns's formatter.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The day part of a time separator: 'Today', 'Tomorrow', 'Yesterday', 'Last {weekday}' for
 * 2 to 6 calendar days back, else 'Month D, YYYY' (e.g. 'March 4, 2026').
 * Why: spec/chat.md §9 (date labels). Calendar days are counted in the runtime's local time
 * zone, so a message at 23:59 yesterday is 'Yesterday' even one minute later; DST days count
 * as one day. An invalid date gives ''.
 */
export function dateLabel(date: DateInput, now: DateInput): string {
  const at = toDate(date);
  const today = toDate(now);
  if (!isValid(at) || !isValid(today)) return '';
  const days = differenceInCalendarDays(at, today);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  if (days < -1 && days >= -LAST_WEEKDAY_MAX_DAYS) return `Last ${WEEKDAYS[at.getDay()]}`;
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

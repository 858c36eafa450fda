import { type DateInput, toDate } from './to-date';

/** How many days back a date still reads as 'Last {weekday}' (7 days back is the same weekday as today). */
export const LAST_WEEKDAY_MAX_DAYS = 6;

// English names, as date-fns's default locale writes them; written out here so the chat (and
// the size-budgeted embed) need not carry date-fns.
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

/** The local calendar day of a date as a day count (DST-proof: the UTC day of its local date). */
const calendarDay = (date: Date): number =>
  Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;

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
  if (Number.isNaN(at.getTime()) || Number.isNaN(today.getTime())) return '';
  const days = calendarDay(at) - calendarDay(today);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  if (days < -1 && days >= -LAST_WEEKDAY_MAX_DAYS) return `Last ${WEEKDAYS[at.getDay()]}`;
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

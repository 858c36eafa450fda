import { format, isValid } from 'date-fns';
import { dateLabel } from './date-label';
import { type DateInput, toDate } from './to-date';

/**
 * The text of a time separator: the date label, a comma and the 12-hour local time, e.g.
 * 'Today, 2:05 PM', 'Last Monday, 9:00 AM', 'March 4, 2026, 11:30 PM'.
 * Why: spec/chat.md §9 fixes the day words; the time is added so a reader of a long
 * conversation sees when it resumed. An invalid date gives ''.
 */
export function timeSeparatorLabel(at: DateInput, now: DateInput): string {
  const date = toDate(at);
  if (!isValid(date)) return '';
  const day = dateLabel(date, now);
  return day === '' ? '' : `${day}, ${format(date, 'h:mm a')}`;
}

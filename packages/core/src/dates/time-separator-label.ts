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
  if (Number.isNaN(date.getTime())) return '';
  const day = dateLabel(date, now);
  if (day === '') return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${day}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

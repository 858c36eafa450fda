import { differenceInCalendarDays, format, isSameYear, isValid } from 'date-fns';
import { type DateInput, toDate } from './to-date';

/**
 * The history heading a conversation falls under: 'Today', 'Yesterday', 'March 4' within the
 * current year, else 'March 4, 2025'.
 * Why: spec/chat.md §2 (history grouped by Today, Yesterday, month-day, or full date).
 * Local calendar days; a date after `now` (clock skew between server and browser) counts as
 * 'Today'. An invalid date gives ''.
 */
export function historyGroupLabel(date: DateInput, now: DateInput): string {
  const at = toDate(date);
  const today = toDate(now);
  if (!isValid(at) || !isValid(today)) return '';
  const days = differenceInCalendarDays(at, today);
  if (days >= 0) return 'Today';
  if (days === -1) return 'Yesterday';
  return isSameYear(at, today) ? format(at, 'MMMM d') : format(at, 'MMMM d, yyyy');
}

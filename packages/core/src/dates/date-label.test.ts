import { describe, expect, it } from 'vitest';
import { dateLabel } from './date-label';

// Local-time constructors: the labels are about the runtime's own calendar days.
const now = new Date(2026, 2, 11, 14, 5); // Wednesday, March 11, 2026, 14:05

describe('dateLabel', () => {
  it('says Today for any time on the same calendar day', () => {
    expect(dateLabel(new Date(2026, 2, 11, 0, 0), now)).toBe('Today');
    expect(dateLabel(new Date(2026, 2, 11, 23, 59, 59), now)).toBe('Today');
    expect(dateLabel(now, now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, even a minute ago', () => {
    const justBeforeMidnight = new Date(2026, 2, 10, 23, 59);
    expect(dateLabel(justBeforeMidnight, new Date(2026, 2, 11, 0, 0))).toBe('Yesterday');
    expect(dateLabel(new Date(2026, 2, 10, 0, 0), now)).toBe('Yesterday');
  });

  it('says Tomorrow for the next calendar day', () => {
    expect(dateLabel(new Date(2026, 2, 12, 9, 0), now)).toBe('Tomorrow');
  });

  it('says Last {weekday} from 2 to 6 days back', () => {
    expect(dateLabel(new Date(2026, 2, 9, 10, 0), now)).toBe('Last Monday');
    expect(dateLabel(new Date(2026, 2, 8, 10, 0), now)).toBe('Last Sunday');
    expect(dateLabel(new Date(2026, 2, 5, 0, 0), now)).toBe('Last Thursday'); // 6 days
  });

  it('gives the full date from 7 days back (the same weekday as today)', () => {
    expect(dateLabel(new Date(2026, 2, 4, 23, 59), now)).toBe('March 4, 2026');
    expect(dateLabel(new Date(2025, 11, 25), now)).toBe('December 25, 2025');
  });

  it('gives the full date two or more days ahead', () => {
    expect(dateLabel(new Date(2026, 2, 13), now)).toBe('March 13, 2026');
  });

  it('counts days across a year boundary', () => {
    const newYear = new Date(2026, 0, 1, 9, 0);
    expect(dateLabel(new Date(2025, 11, 31, 23, 0), newYear)).toBe('Yesterday');
    expect(dateLabel(new Date(2025, 11, 27, 12, 0), newYear)).toBe('Last Saturday');
    expect(dateLabel(new Date(2025, 11, 25, 12, 0), newYear)).toBe('December 25, 2025');
    expect(dateLabel(new Date(2026, 0, 2), new Date(2025, 11, 31, 12))).toBe('January 2, 2026');
    expect(dateLabel(new Date(2026, 0, 1), new Date(2025, 11, 31, 23, 59))).toBe('Tomorrow');
  });

  it('counts days across a leap day', () => {
    expect(dateLabel(new Date(2028, 1, 29), new Date(2028, 2, 1))).toBe('Yesterday');
    expect(dateLabel(new Date(2028, 1, 24), new Date(2028, 2, 1))).toBe('Last Thursday');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(dateLabel(now.toISOString(), now.getTime())).toBe('Today');
  });

  it('gives an empty label for an invalid date', () => {
    expect(dateLabel('nope', now)).toBe('');
    expect(dateLabel(now, 'nope')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { timeSeparatorLabel } from './time-separator-label';

const now = new Date(2026, 2, 11, 18, 0); // Wednesday

describe('timeSeparatorLabel', () => {
  it('joins the date label and the 12-hour time', () => {
    expect(timeSeparatorLabel(new Date(2026, 2, 11, 14, 5), now)).toBe('Today, 2:05 PM');
    expect(timeSeparatorLabel(new Date(2026, 2, 10, 9, 0), now)).toBe('Yesterday, 9:00 AM');
    expect(timeSeparatorLabel(new Date(2026, 2, 9, 0, 0), now)).toBe('Last Monday, 12:00 AM');
    expect(timeSeparatorLabel(new Date(2026, 2, 4, 12, 30), now)).toBe('March 4, 2026, 12:30 PM');
  });

  it('is empty for an invalid date', () => {
    expect(timeSeparatorLabel('bad', now)).toBe('');
    expect(timeSeparatorLabel(now, 'bad')).toBe('');
  });
});

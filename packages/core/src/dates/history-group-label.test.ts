import { describe, expect, it } from 'vitest';
import { historyGroupLabel } from './history-group-label';

const now = new Date(2026, 2, 11, 9, 0);

describe('historyGroupLabel', () => {
  it('says Today for the same calendar day', () => {
    expect(historyGroupLabel(new Date(2026, 2, 11, 0, 0), now)).toBe('Today');
    expect(historyGroupLabel(now, now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day', () => {
    expect(historyGroupLabel(new Date(2026, 2, 10, 23, 59), now)).toBe('Yesterday');
    expect(historyGroupLabel(new Date(2026, 2, 10, 0, 0), now)).toBe('Yesterday');
  });

  it('gives month and day within the current year', () => {
    expect(historyGroupLabel(new Date(2026, 2, 9), now)).toBe('March 9');
    expect(historyGroupLabel(new Date(2026, 0, 1), now)).toBe('January 1');
  });

  it('gives the full date for earlier years', () => {
    expect(historyGroupLabel(new Date(2025, 11, 31), now)).toBe('December 31, 2025');
    expect(historyGroupLabel(new Date(2025, 2, 4), now)).toBe('March 4, 2025');
  });

  it('uses Yesterday, not the full date, across New Year', () => {
    const newYear = new Date(2026, 0, 1, 0, 5);
    expect(historyGroupLabel(new Date(2025, 11, 31, 23, 50), newYear)).toBe('Yesterday');
    expect(historyGroupLabel(new Date(2025, 11, 30, 12, 0), newYear)).toBe('December 30, 2025');
  });

  it('groups a future date (clock skew) under Today', () => {
    expect(historyGroupLabel(new Date(2026, 2, 12, 1, 0), now)).toBe('Today');
  });

  it('is empty for an invalid date', () => {
    expect(historyGroupLabel('bad', now)).toBe('');
  });
});

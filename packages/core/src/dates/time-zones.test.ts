/**
 * The date rules count calendar days in the runtime's local time zone (spec/chat.md §9). These
 * tests switch the process time zone (Node re-reads `process.env.TZ` when it is assigned) to
 * check DST days and zones far from UTC, then put it back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dateLabel } from './date-label';
import { groupConversations } from './group-conversations';
import { historyGroupLabel } from './history-group-label';
import { needsTimeSeparator } from './needs-time-separator';
import { timeSeparatorLabel } from './time-separator-label';

let saved: string | undefined;
const useZone = (zone: string): void => {
  process.env.TZ = zone;
};

beforeEach(() => {
  saved = process.env.TZ;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe('in America/New_York (DST)', () => {
  beforeEach(() => useZone('America/New_York'));

  it('really is in that zone', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
    expect(new Date(2026, 6, 1).getTimezoneOffset()).toBe(240);
  });

  it('counts the 23-hour spring-forward day as one day', () => {
    // March 8, 2026 has 23 hours in New York.
    expect(dateLabel(new Date(2026, 2, 8, 0, 30), new Date(2026, 2, 9, 0, 10))).toBe('Yesterday');
    expect(dateLabel(new Date(2026, 2, 8, 23, 59), new Date(2026, 2, 8, 0, 0))).toBe('Today');
  });

  it('keeps Last {weekday} at 6 days and the full date at 7 across DST', () => {
    const now = new Date(2026, 2, 9, 23, 30); // Monday, after the change
    expect(dateLabel(new Date(2026, 2, 3, 0, 30), now)).toBe('Last Tuesday');
    expect(dateLabel(new Date(2026, 2, 2, 23, 59), now)).toBe('March 2, 2026');
  });

  it('counts the 25-hour fall-back day as one day', () => {
    // November 1, 2026 has 25 hours in New York.
    expect(dateLabel(new Date(2026, 10, 1, 0, 0), new Date(2026, 10, 1, 23, 59))).toBe('Today');
    expect(historyGroupLabel(new Date(2026, 10, 1, 0, 0), new Date(2026, 10, 2, 0, 0))).toBe('Yesterday');
  });

  it('measures the separator gap in real time, not wall-clock time', () => {
    // 01:00 EDT to 08:00 EST is 7 wall-clock hours but 8 real hours.
    const before = new Date('2026-11-01T05:00:00Z'); // 01:00 EDT
    const after = new Date('2026-11-01T13:00:00Z'); // 08:00 EST
    expect(after.getHours() - before.getHours()).toBe(7);
    expect(needsTimeSeparator(before, after)).toBe(true);
  });

  it('shows local times in separator labels', () => {
    expect(timeSeparatorLabel('2026-03-04T19:05:00Z', '2026-03-04T22:00:00Z')).toBe('Today, 2:05 PM');
  });
});

describe('far from UTC', () => {
  const message = '2026-03-04T10:00:00Z';
  const now = '2026-03-04T12:00:00Z';

  it('is Today in UTC', () => {
    useZone('UTC');
    expect(dateLabel(message, now)).toBe('Today');
  });

  it('is Yesterday in Pacific/Pago_Pago (UTC-11), where midnight falls between', () => {
    useZone('Pacific/Pago_Pago');
    expect(dateLabel(message, now)).toBe('Yesterday');
    expect(timeSeparatorLabel(message, now)).toBe('Yesterday, 11:00 PM');
  });

  it('is Today in Pacific/Kiritimati (UTC+14)', () => {
    useZone('Pacific/Kiritimati');
    expect(dateLabel(message, now)).toBe('Today');
    expect(timeSeparatorLabel(message, now)).toBe('Today, 12:00 AM');
  });

  it('groups history by the local New Year', () => {
    const conversations = [
      { id: 'a', updatedAt: '2026-01-01T03:00:00Z' },
      { id: 'b', updatedAt: '2025-12-30T12:00:00Z' },
    ];
    useZone('UTC');
    expect(groupConversations(conversations, '2026-01-02T12:00:00Z').map((g) => g.label)).toEqual([
      'Yesterday',
      'December 30, 2025',
    ]);
    useZone('America/Los_Angeles');
    expect(groupConversations(conversations, '2026-01-02T12:00:00Z').map((g) => g.label)).toEqual([
      'December 31, 2025',
      'December 30, 2025',
    ]);
  });
});

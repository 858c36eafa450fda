import { TIME_SEPARATOR_GAP_MS } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { needsTimeSeparator } from './needs-time-separator';

const prev = new Date(2026, 2, 4, 9, 0);
const after = (ms: number): Date => new Date(prev.getTime() + ms);

describe('needsTimeSeparator', () => {
  it('is 8 hours', () => {
    expect(TIME_SEPARATOR_GAP_MS).toBe(8 * 60 * 60 * 1000);
  });

  it('is true at exactly 8 hours', () => {
    expect(needsTimeSeparator(prev, after(TIME_SEPARATOR_GAP_MS))).toBe(true);
  });

  it('is false at 7 h 59 min and at 1 ms short of 8 h', () => {
    expect(needsTimeSeparator(prev, after(7 * 3_600_000 + 59 * 60_000))).toBe(false);
    expect(needsTimeSeparator(prev, after(TIME_SEPARATOR_GAP_MS - 1))).toBe(false);
  });

  it('is true for longer gaps', () => {
    expect(needsTimeSeparator(prev, after(3 * 24 * 3_600_000))).toBe(true);
  });

  it('is false for the same moment and for messages out of order', () => {
    expect(needsTimeSeparator(prev, prev)).toBe(false);
    expect(needsTimeSeparator(prev, after(-TIME_SEPARATOR_GAP_MS))).toBe(false);
  });

  it('accepts ISO strings', () => {
    expect(needsTimeSeparator('2026-03-04T00:00:00Z', '2026-03-04T08:00:00Z')).toBe(true);
    expect(needsTimeSeparator('2026-03-04T00:00:00Z', '2026-03-04T07:59:59Z')).toBe(false);
  });

  it('is false when either date is invalid', () => {
    expect(needsTimeSeparator('bad', prev)).toBe(false);
    expect(needsTimeSeparator(prev, 'bad')).toBe(false);
  });
});

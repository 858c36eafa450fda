import { describe, expect, it } from 'vitest';
import { toDate } from './to-date';

describe('toDate', () => {
  it('parses ISO strings', () => {
    expect(toDate('2026-03-04T14:05:00.000Z').getTime()).toBe(Date.UTC(2026, 2, 4, 14, 5));
  });

  it('takes epoch milliseconds', () => {
    expect(toDate(0).getTime()).toBe(0);
  });

  it('copies a Date instead of sharing it', () => {
    const original = new Date(2026, 0, 1);
    const copy = toDate(original);
    expect(copy).not.toBe(original);
    expect(copy.getTime()).toBe(original.getTime());
  });

  it('gives an Invalid Date for garbage rather than throwing', () => {
    expect(Number.isNaN(toDate('not a date').getTime())).toBe(true);
  });
});

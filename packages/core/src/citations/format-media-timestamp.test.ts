import { describe, expect, it } from 'vitest';
import { formatMediaTimestamp } from './format-media-timestamp';

const hms = (h: number, m: number, s: number): number => ((h * 60 + m) * 60 + s) * 1000;

describe('formatMediaTimestamp', () => {
  it('shows mm:ss under an hour', () => {
    expect(formatMediaTimestamp(0)).toBe('00:00');
    expect(formatMediaTimestamp(hms(0, 2, 3))).toBe('02:03');
    expect(formatMediaTimestamp(hms(0, 59, 59))).toBe('59:59');
  });

  it('shows hh:mm:ss from one hour on', () => {
    expect(formatMediaTimestamp(hms(1, 0, 0))).toBe('01:00:00');
    expect(formatMediaTimestamp(hms(1, 2, 3))).toBe('01:02:03');
    expect(formatMediaTimestamp(hms(100, 0, 5))).toBe('100:00:05');
  });

  it('rounds to seconds before choosing the format', () => {
    expect(formatMediaTimestamp(hms(0, 2, 3) + 499)).toBe('02:03');
    expect(formatMediaTimestamp(hms(0, 2, 3) + 500)).toBe('02:04');
    expect(formatMediaTimestamp(hms(0, 59, 59) + 500)).toBe('01:00:00');
    expect(formatMediaTimestamp(hms(0, 59, 59) + 499)).toBe('59:59');
  });

  it('shows 00:00 for negative or non-finite input', () => {
    expect(formatMediaTimestamp(-1)).toBe('00:00');
    expect(formatMediaTimestamp(Number.NaN)).toBe('00:00');
  });
});

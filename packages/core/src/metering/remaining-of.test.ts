import { describe, expect, it } from 'vitest';
import { remainingOf } from './remaining-of';

describe('remainingOf', () => {
  it('subtracts usage from the quota', () => {
    expect(remainingOf(10, 3)).toBe(7);
    expect(remainingOf(10, 0)).toBe(10);
    expect(remainingOf(10, 10)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(remainingOf(10, 14)).toBe(0);
    expect(remainingOf(0, 1)).toBe(0);
  });

  it('keeps -1 (unlimited) as -1, whatever was used', () => {
    expect(remainingOf(-1, 0)).toBe(-1);
    expect(remainingOf(-1, 10_000)).toBe(-1);
  });
});

import { describe, expect, it } from 'vitest';
import { mediaSeconds } from './media-seconds';

describe('mediaSeconds', () => {
  it('rounds milliseconds to the nearest second, half up', () => {
    expect(mediaSeconds(0)).toBe(0);
    expect(mediaSeconds(499)).toBe(0);
    expect(mediaSeconds(500)).toBe(1);
    expect(mediaSeconds(1_499)).toBe(1);
    expect(mediaSeconds(123_456)).toBe(123);
  });

  it('gives 0 for negative, NaN and infinite input', () => {
    expect(mediaSeconds(-5_000)).toBe(0);
    expect(mediaSeconds(Number.NaN)).toBe(0);
    expect(mediaSeconds(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

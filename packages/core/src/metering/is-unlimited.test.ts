import { describe, expect, it } from 'vitest';
import { isUnlimited } from './is-unlimited';

describe('isUnlimited', () => {
  it('is true only for -1', () => {
    expect(isUnlimited(-1)).toBe(true);
    for (const q of [0, 1, 99_999, -2, Number.NaN]) expect(isUnlimited(q)).toBe(false);
  });
});

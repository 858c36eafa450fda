import { describe, expect, it } from 'vitest';
import { canShuffle } from './can-shuffle';

describe('canShuffle', () => {
  it('is false for 3 or fewer questions', () => {
    expect(canShuffle([])).toBe(false);
    expect(canShuffle(['a', 'b', 'c'])).toBe(false);
  });

  it('is true for more than 3', () => {
    expect(canShuffle(['a', 'b', 'c', 'd'])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { lowerRemaining } from './lower-remaining';

describe('lowerRemaining', () => {
  it('lowers by the whole elapsed seconds, never below 0', () => {
    expect(lowerRemaining(120, 30)).toBe(90);
    expect(lowerRemaining(120, 30.9)).toBe(90);
    expect(lowerRemaining(20, 30)).toBe(0);
    expect(lowerRemaining(0, 5)).toBe(0);
    expect(lowerRemaining(50, -3)).toBe(50);
  });

  it('leaves unknown and unlimited alone', () => {
    expect(lowerRemaining(null, 30)).toBeNull();
    expect(lowerRemaining(-1, 30)).toBe(-1);
  });
});

import { describe, expect, it } from 'vitest';
import { secondsOfMinutes } from './seconds-of-minutes';

describe('secondsOfMinutes', () => {
  it('multiplies minutes by 60 and keeps -1', () => {
    expect(secondsOfMinutes(0)).toBe(0);
    expect(secondsOfMinutes(3)).toBe(180);
    expect(secondsOfMinutes(60)).toBe(3600);
    expect(secondsOfMinutes(-1)).toBe(-1);
  });
});

import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown-text';

describe('countdownText', () => {
  it('says the whole minutes left, rounded down but at least 1, singular for one, and Unlimited for -1', () => {
    expect(countdownText(-1)).toBe('Unlimited');
    expect(countdownText(180)).toBe('3 minutes left');
    expect(countdownText(179)).toBe('2 minutes left');
    expect(countdownText(121)).toBe('2 minutes left');
    expect(countdownText(119)).toBe('1 minute left');
    expect(countdownText(60)).toBe('1 minute left');
    expect(countdownText(1)).toBe('1 minute left');
    expect(countdownText(0)).toBe('1 minute left');
  });
});

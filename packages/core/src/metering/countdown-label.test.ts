import { describe, expect, it } from 'vitest';
import { countdownLabel } from './countdown-label';

describe('countdownLabel', () => {
  it("says 'Unlimited' for -1", () => {
    expect(countdownLabel(-1)).toBe('Unlimited');
  });

  it('rounds whole minutes down', () => {
    expect(countdownLabel(300)).toBe('5 minutes left');
    expect(countdownLabel(359)).toBe('5 minutes left');
    expect(countdownLabel(120)).toBe('2 minutes left');
    expect(countdownLabel(3600)).toBe('60 minutes left');
  });

  it('is singular for one minute and never below one', () => {
    expect(countdownLabel(119)).toBe('1 minute left');
    expect(countdownLabel(60)).toBe('1 minute left');
    expect(countdownLabel(59)).toBe('1 minute left');
    expect(countdownLabel(0)).toBe('1 minute left');
  });
});

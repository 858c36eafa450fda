import { describe, expect, it } from 'vitest';
import { quotaExhausted } from './quota-exhausted';

describe('quotaExhausted', () => {
  it('is true at and above a limited quota without overage', () => {
    expect(quotaExhausted({ quota: 10, used: 10, overage: false })).toBe(true);
    expect(quotaExhausted({ quota: 10, used: 11, overage: false })).toBe(true);
    expect(quotaExhausted({ quota: 0, used: 0, overage: false })).toBe(true);
  });

  it('is false below the quota', () => {
    expect(quotaExhausted({ quota: 10, used: 9, overage: false })).toBe(false);
  });

  it('is false with quota -1 or overage', () => {
    expect(quotaExhausted({ quota: -1, used: 1e6, overage: false })).toBe(false);
    expect(quotaExhausted({ quota: 10, used: 50, overage: true })).toBe(false);
  });
});

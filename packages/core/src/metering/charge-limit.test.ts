import { describe, expect, it } from 'vitest';
import { chargeLimit } from './charge-limit';

describe('chargeLimit', () => {
  it('is the quota without overage', () => {
    expect(chargeLimit({ quota: 30, overage: false })).toBe(30);
    expect(chargeLimit({ quota: 0, overage: false })).toBe(0);
    expect(chargeLimit({ quota: -1, overage: false })).toBe(-1);
  });

  it('is -1 (nothing stops it) with overage', () => {
    expect(chargeLimit({ quota: 30, overage: true })).toBe(-1);
  });
});

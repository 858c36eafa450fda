import { describe, expect, it } from 'vitest';
import { membershipPrice } from './membership-price';

describe('membershipPrice', () => {
  it('reads basePrice monthly and annualPrice yearly', () => {
    expect(membershipPrice({ basePrice: 8, annualPrice: 80 }, 'monthly')).toBe(8);
    expect(membershipPrice({ basePrice: 8, annualPrice: 80 }, 'yearly')).toBe(80);
    expect(membershipPrice({ basePrice: 8, annualPrice: null }, 'yearly')).toBeNull();
  });
});

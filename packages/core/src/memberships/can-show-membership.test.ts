import { describe, expect, it } from 'vitest';
import { canShowMembership } from './can-show-membership';

describe('canShowMembership', () => {
  it('shows a monthly plan with any price, free included', () => {
    expect(canShowMembership({ basePrice: 8, annualPrice: null }, 'monthly')).toBe(true);
    expect(canShowMembership({ basePrice: 0, annualPrice: null }, 'monthly')).toBe(true);
  });

  it('needs annualPrice above 0 for a yearly plan', () => {
    expect(canShowMembership({ basePrice: 8, annualPrice: 80 }, 'yearly')).toBe(true);
    expect(canShowMembership({ basePrice: 8, annualPrice: 0 }, 'yearly')).toBe(false);
    expect(canShowMembership({ basePrice: 8, annualPrice: null }, 'yearly')).toBe(false);
  });

  it('shows nothing without a price for the period', () => {
    expect(canShowMembership({ basePrice: null, annualPrice: 80 }, 'monthly')).toBe(false);
    expect(canShowMembership({ basePrice: Number.NaN, annualPrice: 80 }, 'monthly')).toBe(false);
  });
});

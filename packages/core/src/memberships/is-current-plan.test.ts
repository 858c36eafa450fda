import type { ActiveSubscription } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { isCurrentPlan } from './is-current-plan';

const active = (id: string, basis: 'monthly' | 'yearly' = 'monthly'): ActiveSubscription => ({
  id: `sub-${id}`,
  membership: { id, instanceId: null },
  basis,
  willCancelAtPeriodEnd: false,
});

describe('isCurrentPlan', () => {
  it('is the free tier when there is no subscription', () => {
    expect(
      isCurrentPlan({ activeSubscription: null, membership: { id: 'free' }, basis: 'monthly', price: 0 }),
    ).toBe(true);
    expect(
      isCurrentPlan({ activeSubscription: null, membership: { id: 'pro' }, basis: 'monthly', price: 8 }),
    ).toBe(false);
    expect(
      isCurrentPlan({ activeSubscription: null, membership: { id: 'x' }, basis: 'yearly', price: null }),
    ).toBe(false);
  });

  it('is the subscribed tier and period when there is one', () => {
    const input = { membership: { id: 'pro' }, price: 8 } as const;
    expect(isCurrentPlan({ ...input, activeSubscription: active('pro'), basis: 'monthly' })).toBe(true);
    expect(isCurrentPlan({ ...input, activeSubscription: active('pro'), basis: 'yearly' })).toBe(false);
    expect(
      isCurrentPlan({
        activeSubscription: active('pro'),
        membership: { id: 'free' },
        basis: 'monthly',
        price: 0,
      }),
    ).toBe(false);
  });
});

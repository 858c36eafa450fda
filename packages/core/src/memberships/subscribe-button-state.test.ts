import type { ActiveSubscription } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { subscribeButtonState } from './subscribe-button-state';

const active = (parts: Partial<ActiveSubscription> = {}): ActiveSubscription => ({
  id: 'sub-1',
  membership: { id: 'gold', instanceId: null },
  basis: 'monthly',
  willCancelAtPeriodEnd: false,
  ...parts,
});
const gold = { id: 'gold' };
const silver = { id: 'silver' };

describe('subscribeButtonState', () => {
  it('offers Subscribe without an active subscription, Select when free', () => {
    const input = { activeSubscription: null, membership: gold, basis: 'monthly' as const };
    expect(subscribeButtonState({ ...input, price: 8 })).toBe('subscribe');
    expect(subscribeButtonState({ ...input, price: 0 })).toBe('select');
    expect(subscribeButtonState({ ...input, price: -1 })).toBe('select');
  });

  it('offers Cancel on the same tier and period, Resume when cancellation is scheduled', () => {
    expect(
      subscribeButtonState({ activeSubscription: active(), membership: gold, basis: 'monthly', price: 8 }),
    ).toBe('cancel');
    expect(
      subscribeButtonState({
        activeSubscription: active({ willCancelAtPeriodEnd: true }),
        membership: gold,
        basis: 'monthly',
        price: 8,
      }),
    ).toBe('resume');
  });

  it('offers Switch for another tier or another period', () => {
    expect(
      subscribeButtonState({ activeSubscription: active(), membership: silver, basis: 'monthly', price: 5 }),
    ).toBe('switch');
    expect(
      subscribeButtonState({ activeSubscription: active(), membership: gold, basis: 'yearly', price: 80 }),
    ).toBe('switch');
  });

  it('renders nothing without a price', () => {
    expect(
      subscribeButtonState({ activeSubscription: null, membership: gold, basis: 'yearly', price: null }),
    ).toBe('hidden');
    expect(
      subscribeButtonState({
        activeSubscription: active(),
        membership: gold,
        basis: 'monthly',
        price: undefined,
        relationshipType: 'CREATOR',
      }),
    ).toBe('hidden');
  });

  it("is disabled for the clone's creator and contributors", () => {
    const input = { activeSubscription: null, membership: gold, basis: 'monthly' as const, price: 8 };
    expect(subscribeButtonState({ ...input, relationshipType: 'CREATOR' })).toBe('disabled-own-clone');
    expect(subscribeButtonState({ ...input, relationshipType: 'CONTRIBUTOR' })).toBe('disabled-own-clone');
    expect(subscribeButtonState({ ...input, relationshipType: 'FOLLOWER' })).toBe('subscribe');
    expect(subscribeButtonState({ ...input, relationshipType: null })).toBe('subscribe');
  });
});

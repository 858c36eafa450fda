import { describe, expect, it } from 'vitest';
import { Membership, SubscriptionData } from './membership';

const membership = {
  id: 'm1',
  name: 'Insider',
  basePrice: 8,
  annualPrice: null,
  smsEnabled: true,
  voiceEnabled: true,
  videoEnabled: false,
  telegramEnabled: false,
  customDescription: null,
  includedMinutesPerMonth: 30,
  includedMessagesPerMonth: 100_000,
  includedVideoMinutesPerMonth: 0,
};

describe('membership schemas', () => {
  it('defaults active and instanceId', () => {
    expect(Membership.parse(membership)).toEqual({ ...membership, active: true, instanceId: null });
  });

  it('parses subscription data with or without an active subscription', () => {
    expect(
      SubscriptionData.parse({ memberships: [membership], active_subscription: null }).memberships,
    ).toHaveLength(1);
    const active = {
      id: 'sub-1',
      membership: { id: 'm1', instanceId: null },
      basis: 'yearly',
      willCancelAtPeriodEnd: true,
    };
    expect(
      SubscriptionData.parse({ memberships: [], active_subscription: active }).active_subscription,
    ).toEqual(active);
    expect(
      SubscriptionData.safeParse({ memberships: [], active_subscription: { ...active, basis: 'weekly' } })
        .success,
    ).toBe(false);
  });

  it('refuses negative prices', () => {
    expect(Membership.safeParse({ ...membership, basePrice: -1 }).success).toBe(false);
  });
});

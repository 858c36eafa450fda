import { CloneOptions, type Membership, Monetization } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIPS } from '../../test/support/seed';
import { toMemberships } from '../mappers/membership';
import { chargeLimitOf, membershipOf, type QuotaFacts, quotasFor, subscribedTier } from './quotas';
import { usageAnswer } from './usage-answer';

const tiers = toMemberships(MEMBERSHIPS);
const facts = (overrides: Partial<QuotaFacts> = {}): QuotaFacts => ({
  signedIn: false,
  options: { requireEmail: true },
  monetization: Monetization.parse({
    anonymous_quota: { messages: 10, voice_minutes: 3, video_minutes: -1 },
  }),
  memberships: tiers,
  relationship: null,
  subscription: null,
  freeMessagesPerMonth: 30,
  ...overrides,
});
const follower = (overageEnabled = false) => ({ type: 'FOLLOWER' as const, overageEnabled });
const subscribed = (id: string, basis: 'monthly' | 'yearly' = 'monthly') => ({
  id: `sub-${id}`,
  membership: { id, instanceId: null },
  basis,
  willCancelAtPeriodEnd: false,
});

describe('quotasFor', () => {
  it('gives visitors the anonymous quota, minutes as seconds', () => {
    expect(quotasFor(facts())).toEqual({
      quota: { messages: 10, voice_seconds: 180, video_seconds: -1 },
      overage: false,
    });
  });

  it('gives signed-in users their subscribed tier, else the free one, else FREE_MESSAGES_PER_MONTH', () => {
    expect(quotasFor(facts({ signedIn: true })).quota).toEqual({
      messages: 30,
      voice_seconds: 0,
      video_seconds: 0,
    });
    expect(quotasFor(facts({ signedIn: true, subscription: subscribed('benchmate') })).quota).toEqual({
      messages: 500,
      voice_seconds: 3600,
      video_seconds: 0,
    });
    expect(quotasFor(facts({ signedIn: true, subscription: subscribed('gone') })).quota.messages).toBe(30);
    expect(quotasFor(facts({ signedIn: true, memberships: [], freeMessagesPerMonth: 12 })).quota).toEqual({
      messages: 12,
      voice_seconds: 0,
      video_seconds: 0,
    });
  });

  it('gives a yearly subscription the same tier as a monthly one', () => {
    expect(
      quotasFor(facts({ signedIn: true, subscription: subscribed('benchmate', 'yearly') })).quota,
    ).toEqual(quotasFor(facts({ signedIn: true, subscription: subscribed('benchmate') })).quota);
  });

  it('makes allowances above 99,999 unlimited', () => {
    const apprentice: Membership = {
      ...(tiers[1] as Membership),
      id: 'apprentice',
      includedMessagesPerMonth: 100_000,
    };
    expect(
      quotasFor(
        facts({
          signedIn: true,
          memberships: [...tiers, apprentice],
          subscription: subscribed('apprentice'),
        }),
      ).quota.messages,
    ).toBe(-1);
  });

  it('does not limit owners, nor anyone when the clone does not require an e-mail', () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const owner = facts({ signedIn: true, relationship: { type, overageEnabled: false } });
      expect(quotasFor(owner).quota).toEqual({ messages: -1, voice_seconds: -1, video_seconds: -1 });
    }
    expect(quotasFor(facts({ options: { requireEmail: false } })).quota).toEqual({
      messages: -1,
      voice_seconds: -1,
      video_seconds: -1,
    });
  });

  it('turns overage into no limit for any charge, but reports the quota', () => {
    const quotas = quotasFor(facts({ signedIn: true, relationship: follower(true) }));
    expect(quotas).toMatchObject({ quota: { messages: 30, voice_seconds: 0 }, overage: true });
    expect(chargeLimitOf(quotas, 'messages')).toBe(-1);
    expect(chargeLimitOf(quotas, 'voice_seconds')).toBe(-1);
    expect(chargeLimitOf(quotasFor(facts()), 'voice_seconds')).toBe(180);
  });
});

describe('subscribedTier and membershipOf', () => {
  it('find the subscribed tier while the clone has it, else fall back to the free one', () => {
    expect(subscribedTier(facts({ subscription: subscribed('benchmate') }))?.id).toBe('benchmate');
    expect(subscribedTier(facts({ subscription: subscribed('gone') }))).toBeNull();
    expect(membershipOf(facts({ subscription: subscribed('gone') }))?.id).toBe('free');
    expect(membershipOf(facts({ memberships: [] }))).toBeNull();
  });
});

describe('usageAnswer', () => {
  it('reports remaining amounts and permissions from the quotas', () => {
    const usage = usageAnswer({
      used: { messages: 30, voice_seconds: 100, video_seconds: 0 },
      quotas: quotasFor(
        facts({ signedIn: true, relationship: follower(), subscription: subscribed('benchmate') }),
      ),
      options: { allowVoice: true, allowVideo: true },
      signedIn: true,
      relationship: 'FOLLOWER',
    });
    expect(usage).toEqual({
      usage: { messages: 30, voice_seconds: 100, video_seconds: 0 },
      quota: { messages: 500, voice_seconds: 3600, video_seconds: 0 },
      remaining: { messages: 470, voice_seconds: 3500, video_seconds: 0 },
      permissions: { can_send_message: true, can_make_call: true, can_make_video_call: false },
      billing: { is_overage_enabled: false },
      anonymous: false,
      relationship: 'FOLLOWER',
    });
    const off = usageAnswer({
      used: { messages: 0, voice_seconds: 0, video_seconds: 0 },
      quotas: quotasFor(facts()),
      options: CloneOptions.parse({}),
      signedIn: false,
      relationship: null,
    });
    expect(off.permissions).toEqual({
      can_send_message: true,
      can_make_call: false,
      can_make_video_call: false,
    });
  });

  it('refuses a call once its seconds are used up, unless overage is on', () => {
    const quotas = quotasFor(facts({ signedIn: true, subscription: subscribed('benchmate') }));
    const spent = { messages: 0, voice_seconds: 3600, video_seconds: 0 };
    const options = { allowVoice: true, allowVideo: true };
    const answer = usageAnswer({ used: spent, quotas, options, signedIn: true, relationship: 'FOLLOWER' });
    expect(answer.permissions.can_make_call).toBe(false);
    expect(answer.remaining.voice_seconds).toBe(0);
    const overage = usageAnswer({
      used: spent,
      quotas: { ...quotas, overage: true },
      options,
      signedIn: true,
      relationship: 'FOLLOWER',
    });
    expect(overage.permissions.can_make_call).toBe(true);
  });

  it('bills overage for a tier with `overage` only when Stripe bills the subscription (issue 13)', () => {
    const patron = {
      ...tiers[1],
      id: 'patron',
      overage: { perMessage: 0.05, perVoiceMinute: 0, perVideoMinute: 0 },
    } as Membership;
    const member = (provider: string | null, tier = 'patron') =>
      quotasFor(
        facts({
          signedIn: true,
          memberships: [...tiers, patron],
          subscription: subscribed(tier),
          subscriptionProvider: provider,
        }),
      );
    expect(member('stripe')).toMatchObject({ overage: true, quota: { messages: 500 } });
    expect(chargeLimitOf(member('stripe'), 'messages')).toBe(-1);
    expect(member('manual').overage).toBe(false);
    expect(member('stripe', 'benchmate').overage).toBe(false);
  });
});

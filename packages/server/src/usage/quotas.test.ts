import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { CloneOptions, type Membership, Monetization, type RelationshipType } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS } from '../../test/support/seed';
import { toMemberships } from '../mappers/membership';
import { messageLimitSql } from '../store/message-limit-sql';
import { setMembership, setRelationship } from '../store/relationships';
import { upsertUserByEmail } from '../store/users';
import { messageLimit, type QuotaFacts, quotasFor } from './quotas';
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
  freeMessagesPerMonth: 30,
  ...overrides,
});
const follower = (membershipId: string | null = null, overageEnabled = false) => ({
  type: 'FOLLOWER' as const,
  membershipId,
  overageEnabled,
});

describe('quotasFor', () => {
  it('gives visitors the anonymous quota, minutes as seconds', () => {
    expect(quotasFor(facts())).toEqual({
      quota: { messages: 10, voice_seconds: 180, video_seconds: -1 },
      overage: false,
    });
  });

  it('gives signed-in users their tier, else the free one, else FREE_MESSAGES_PER_MONTH', () => {
    expect(quotasFor(facts({ signedIn: true })).quota).toEqual({
      messages: 30,
      voice_seconds: 0,
      video_seconds: 0,
    });
    expect(quotasFor(facts({ signedIn: true, relationship: follower('benchmate') })).quota).toEqual({
      messages: 500,
      voice_seconds: 3600,
      video_seconds: 0,
    });
    expect(quotasFor(facts({ signedIn: true, relationship: follower('gone') })).quota.messages).toBe(30);
    expect(quotasFor(facts({ signedIn: true, memberships: [], freeMessagesPerMonth: 12 })).quota).toEqual({
      messages: 12,
      voice_seconds: 0,
      video_seconds: 0,
    });
  });

  it('makes allowances above 99,999 unlimited', () => {
    const apprentice: Membership = {
      ...(tiers[1] as Membership),
      id: 'apprentice',
      includedMessagesPerMonth: 100_000,
    };
    expect(
      quotasFor(
        facts({ signedIn: true, memberships: [...tiers, apprentice], relationship: follower('apprentice') }),
      ).quota.messages,
    ).toBe(-1);
  });

  it('does not limit owners, nor anyone when the clone does not require an e-mail', () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const owner = facts({
        signedIn: true,
        relationship: { type, membershipId: null, overageEnabled: false },
      });
      expect(quotasFor(owner).quota).toEqual({ messages: -1, voice_seconds: -1, video_seconds: -1 });
    }
    expect(quotasFor(facts({ options: { requireEmail: false } })).quota.messages).toBe(-1);
  });

  it('turns overage into no message limit for the send, but reports the quota', () => {
    const quotas = quotasFor(facts({ signedIn: true, relationship: follower(null, true) }));
    expect(quotas).toMatchObject({ quota: { messages: 30 }, overage: true });
    expect(messageLimit(quotas)).toBe(-1);
  });
});

describe('usageAnswer', () => {
  it('reports remaining amounts and permissions from the quotas', () => {
    const usage = usageAnswer({
      used: { messages: 30, voice_seconds: 100, video_seconds: 0 },
      quotas: quotasFor(facts({ signedIn: true, relationship: follower('benchmate') })),
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
});

/** The SQL limit the send charges against must be the limit of quotasFor, case for case. */
describe.each(testDatabases())('the message limit in SQL on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  interface Case {
    name: string;
    options: object;
    monetization: object;
    memberships: unknown[];
    signedIn: boolean;
    relationship?: { type: RelationshipType; membershipId?: string | null; overage?: boolean };
  }
  const apprentice = { ...MEMBERSHIPS[1], id: 'apprentice', includedMessagesPerMonth: 100_000 };
  const cases: Case[] = [
    { name: 'visitor', options: {}, monetization: {}, memberships: MEMBERSHIPS, signedIn: false },
    {
      name: 'visitor, quota 3',
      options: { requireEmail: true },
      monetization: { anonymous_quota: { messages: 3 } },
      memberships: [],
      signedIn: false,
    },
    {
      name: 'visitor, no limit',
      options: {},
      monetization: { anonymous_quota: { messages: -1 } },
      memberships: [],
      signedIn: false,
    },
    {
      name: 'visitor, no e-mail needed',
      options: { requireEmail: false },
      monetization: {},
      memberships: [],
      signedIn: false,
    },
    { name: 'user, free tier', options: {}, monetization: {}, memberships: MEMBERSHIPS, signedIn: true },
    {
      name: 'user, no free tier',
      options: {},
      monetization: {},
      memberships: [MEMBERSHIPS[1]],
      signedIn: true,
    },
    { name: 'user, no tiers', options: {}, monetization: {}, memberships: [], signedIn: true },
    {
      name: 'user, paid tier',
      options: {},
      monetization: {},
      memberships: MEMBERSHIPS,
      signedIn: true,
      relationship: { type: 'FOLLOWER', membershipId: 'benchmate' },
    },
    {
      name: 'user, unlimited tier',
      options: {},
      monetization: {},
      memberships: [...MEMBERSHIPS, apprentice],
      signedIn: true,
      relationship: { type: 'FOLLOWER', membershipId: 'apprentice' },
    },
    {
      name: 'user, vanished tier',
      options: {},
      monetization: {},
      memberships: MEMBERSHIPS,
      signedIn: true,
      relationship: { type: 'FOLLOWER', membershipId: 'gone' },
    },
    {
      name: 'user, overage',
      options: {},
      monetization: {},
      memberships: MEMBERSHIPS,
      signedIn: true,
      relationship: { type: 'FOLLOWER', overage: true },
    },
    {
      name: 'creator',
      options: {},
      monetization: {},
      memberships: MEMBERSHIPS,
      signedIn: true,
      relationship: { type: 'CREATOR' },
    },
    {
      name: 'contributor',
      options: {},
      monetization: {},
      memberships: [],
      signedIn: true,
      relationship: { type: 'CONTRIBUTOR' },
    },
    {
      name: 'user, no e-mail needed',
      options: { requireEmail: false },
      monetization: {},
      memberships: MEMBERSHIPS,
      signedIn: true,
    },
  ];

  it.each(cases)('agrees with quotasFor: $name', async (c) => {
    const slug = `q-${c.name.replace(/[^a-z]+/g, '-')}`;
    const [clone] = await db.query<{ id: string }>(
      'INSERT INTO clones (slug, name, options, monetization, memberships) VALUES ($1, $1, $2, $3, $4) RETURNING id',
      [slug, JSON.stringify(c.options), JSON.stringify(c.monetization), JSON.stringify(c.memberships)],
    );
    const cloneId = clone?.id ?? '';
    const user = c.signedIn ? await upsertUserByEmail(db, `${slug}@example.com`) : null;
    if (user && c.relationship) {
      await setRelationship(db, { userId: user.id, cloneId, type: c.relationship.type });
      await setMembership(db, {
        userId: user.id,
        cloneId,
        membershipId: c.relationship.membershipId ?? null,
        overageEnabled: c.relationship.overage ?? false,
      });
    }
    const [row] = await db.query<{ max_messages: number }>(
      `SELECT ${messageLimitSql('$1', '$2')} AS max_messages
       FROM clones c LEFT JOIN relationships r ON r.clone_id = c.id AND r.user_id = $1::uuid WHERE c.id = $3`,
      [user?.id ?? null, 30, cloneId],
    );
    const expected = messageLimit(
      quotasFor({
        signedIn: c.signedIn,
        options: CloneOptions.parse(c.options),
        monetization: Monetization.parse(c.monetization),
        memberships: toMemberships(c.memberships),
        relationship: c.relationship
          ? {
              type: c.relationship.type,
              membershipId: c.relationship.membershipId ?? null,
              overageEnabled: c.relationship.overage ?? false,
            }
          : null,
        freeMessagesPerMonth: 30,
      }),
    );
    expect(row?.max_messages).toBe(expected);
  });
});

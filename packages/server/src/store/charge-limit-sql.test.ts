import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  type ActiveSubscription,
  type BillingBasis,
  CloneOptions,
  type MeteredResource,
  Monetization,
  type RelationshipType,
  type SubscriptionStatus,
} from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS } from '../../test/support/seed';
import { toMemberships } from '../mappers/membership';
import { chargeLimitOf, quotasFor } from '../usage/quotas';
import { chargeLimitSql } from './charge-limit-sql';
import { meteringJoinsSql } from './metering-joins-sql';
import { setOverage, setRelationship } from './relationships';
import { saveSubscription } from './subscriptions';
import { upsertUserByEmail } from './users';

const NOW = new Date('2030-06-15T12:00:00Z');
const FREE = 30;
const RESOURCES: MeteredResource[] = ['messages', 'voice_seconds', 'video_seconds'];

interface SubscriptionCase {
  membershipId: string;
  basis?: BillingBasis;
  status?: SubscriptionStatus;
  /** 'past' ended a day before NOW, 'future' ends a day after; null: no end. */
  periodEnd?: 'past' | 'future' | null;
  /** The subscription is to the instance's tier rather than the clone's. */
  ofInstance?: boolean;
  /** Who bills it (default 'manual'). */
  provider?: 'manual' | 'stripe';
}

interface Case {
  name: string;
  options: object;
  monetization: object;
  memberships: unknown[];
  signedIn: boolean;
  relationship?: { type: RelationshipType; overage?: boolean };
  subscriptions?: SubscriptionCase[];
  /** Usage at the clone's instance rather than the clone itself. */
  atInstance?: boolean;
  /** The tier that the subscriptions must give (stated by hand: the rule under test). */
  entitled?: string;
  /** Who bills the entitled subscription (stated by hand too). */
  provider?: 'manual' | 'stripe';
}

const apprentice = { ...MEMBERSHIPS[1], id: 'apprentice', includedMessagesPerMonth: 100_000 };
const studio = {
  ...MEMBERSHIPS[1],
  id: 'studio',
  includedMessagesPerMonth: -1,
  voiceEnabled: true,
  includedMinutesPerMonth: -1,
  videoEnabled: true,
  includedVideoMinutesPerMonth: 45,
};
/** A tier that bills use past its quota (issue 13). */
const patron = {
  ...MEMBERSHIPS[1],
  id: 'patron',
  overage: { perMessage: 0.05, perVoiceMinute: 0.3, perVideoMinute: 0 },
};
const TIERS = [...MEMBERSHIPS, studio, patron];
const user = (rest: Partial<Case> & { name: string }): Case => ({
  options: {},
  monetization: {},
  memberships: TIERS,
  signedIn: true,
  ...rest,
});

/** One table of cases: the limit in SQL must be the limit of quotasFor for every resource. */
const CASES: Case[] = [
  { name: 'visitor', options: {}, monetization: {}, memberships: MEMBERSHIPS, signedIn: false },
  {
    name: 'visitor, quota 3, call minutes',
    options: { requireEmail: true },
    monetization: { anonymous_quota: { messages: 3, voice_minutes: 2, video_minutes: -1 } },
    memberships: [],
    signedIn: false,
  },
  {
    // A fraction of a minute, to the second (protocol AnonymousQuota): 6 s and 90 s.
    name: 'visitor, fractions of call minutes',
    options: { requireEmail: true },
    monetization: { anonymous_quota: { messages: 3, voice_minutes: 0.1, video_minutes: 1.5 } },
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
  user({ name: 'user, free tier', memberships: MEMBERSHIPS }),
  user({ name: 'user, no free tier', memberships: [MEMBERSHIPS[1]] }),
  user({ name: 'user, no tiers', memberships: [] }),
  user({ name: 'user, paid tier', subscriptions: [{ membershipId: 'benchmate' }], entitled: 'benchmate' }),
  user({
    name: 'user, unlimited tier',
    memberships: [...MEMBERSHIPS, apprentice],
    subscriptions: [{ membershipId: 'apprentice' }],
    entitled: 'apprentice',
  }),
  user({ name: 'user, video tier', subscriptions: [{ membershipId: 'studio' }], entitled: 'studio' }),
  user({ name: 'user, vanished tier', subscriptions: [{ membershipId: 'gone' }], entitled: 'gone' }),
  user({ name: 'user, overage', relationship: { type: 'FOLLOWER', overage: true } }),
  user({
    name: 'user, overage and a tier',
    relationship: { type: 'FOLLOWER', overage: true },
    subscriptions: [{ membershipId: 'studio' }],
    entitled: 'studio',
  }),
  user({
    name: 'user, yearly, cancels at period end',
    subscriptions: [{ membershipId: 'studio', basis: 'yearly', periodEnd: 'future' }],
    entitled: 'studio',
  }),
  user({
    name: 'user, Stripe bills the tier overage',
    subscriptions: [{ membershipId: 'patron', provider: 'stripe' }],
    entitled: 'patron',
    provider: 'stripe',
  }),
  // Set by hand: nobody would bill the use past the quota.
  user({
    name: 'user, overage tier set by hand',
    subscriptions: [{ membershipId: 'patron' }],
    entitled: 'patron',
  }),
  user({
    name: 'user, Stripe bills a tier without overage',
    subscriptions: [{ membershipId: 'benchmate', provider: 'stripe' }],
    entitled: 'benchmate',
    provider: 'stripe',
  }),
  user({ name: 'user, period ended', subscriptions: [{ membershipId: 'studio', periodEnd: 'past' }] }),
  user({ name: 'user, canceled', subscriptions: [{ membershipId: 'studio', status: 'canceled' }] }),
  user({ name: 'user, unpaid', subscriptions: [{ membershipId: 'studio', status: 'unpaid' }] }),
  user({ name: 'user, incomplete', subscriptions: [{ membershipId: 'studio', status: 'incomplete' }] }),
  user({
    name: 'user, trialing',
    subscriptions: [{ membershipId: 'studio', status: 'trialing' }],
    entitled: 'studio',
  }),
  user({
    name: 'user, past due',
    subscriptions: [{ membershipId: 'studio', status: 'past_due' }],
    entitled: 'studio',
  }),
  user({
    name: 'user, canceled then subscribed again',
    subscriptions: [{ membershipId: 'benchmate', status: 'canceled' }, { membershipId: 'studio' }],
    entitled: 'studio',
  }),
  user({
    name: 'user, instance tier, at the instance',
    subscriptions: [{ membershipId: 'studio', ofInstance: true }],
    atInstance: true,
    entitled: 'studio',
  }),
  user({
    name: 'user, instance tier, at the clone',
    subscriptions: [{ membershipId: 'studio', ofInstance: true }],
  }),
  user({
    name: 'user, clone tier, at an instance',
    subscriptions: [{ membershipId: 'benchmate' }],
    atInstance: true,
    entitled: 'benchmate',
  }),
  user({
    name: "user, both, the instance's own wins",
    subscriptions: [{ membershipId: 'benchmate' }, { membershipId: 'studio', ofInstance: true }],
    atInstance: true,
    entitled: 'studio',
  }),
  user({
    name: 'creator',
    relationship: { type: 'CREATOR' },
    subscriptions: [{ membershipId: 'benchmate' }],
    entitled: 'benchmate',
  }),
  user({ name: 'contributor', memberships: [], relationship: { type: 'CONTRIBUTOR' } }),
  user({ name: 'user, no e-mail needed', options: { requireEmail: false }, memberships: MEMBERSHIPS }),
];

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('the charge limit in SQL on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it.each(CASES)('agrees with quotasFor for every resource: $name', async (c) => {
    const slug = `q-${c.name.replace(/[^a-z]+/g, '-')}`;
    const [clone] = await db.query<{ id: string }>(
      'INSERT INTO clones (slug, name, options, monetization, memberships) VALUES ($1, $1, $2, $3, $4) RETURNING id',
      [slug, JSON.stringify(c.options), JSON.stringify(c.monetization), JSON.stringify(c.memberships)],
    );
    const cloneId = clone?.id ?? '';
    const [instance] = await db.query<{ id: string }>(
      "INSERT INTO clone_instances (clone_id, slug, name) VALUES ($1, 'workshop', 'Workshop') RETURNING id",
      [cloneId],
    );
    const instanceId = instance?.id ?? '';
    const caller = c.signedIn ? await upsertUserByEmail(db, `${slug}@example.com`) : null;
    if (caller && c.relationship) {
      await setRelationship(db, { userId: caller.id, cloneId, type: c.relationship.type });
      await setOverage(db, { userId: caller.id, cloneId, overageEnabled: c.relationship.overage ?? false });
    }
    for (const s of caller ? (c.subscriptions ?? []) : []) {
      await saveSubscription(db, {
        userId: caller?.id ?? '',
        cloneId,
        instanceId: s.ofInstance ? instanceId : null,
        membershipId: s.membershipId,
        basis: s.basis ?? 'monthly',
        status: s.status ?? 'active',
        currentPeriodEnd:
          s.periodEnd === 'past'
            ? new Date(NOW.getTime() - DAY)
            : s.periodEnd === 'future'
              ? new Date(NOW.getTime() + DAY)
              : null,
        cancelAtPeriodEnd: s.periodEnd === 'future',
        provider: s.provider ?? 'manual',
      });
    }
    const subscription: ActiveSubscription | null = c.entitled
      ? {
          id: `sub-${c.entitled}`,
          membership: { id: c.entitled, instanceId: null },
          basis: 'monthly',
          willCancelAtPeriodEnd: false,
        }
      : null;
    const quotas = quotasFor({
      signedIn: c.signedIn,
      options: CloneOptions.parse(c.options),
      monetization: Monetization.parse(c.monetization),
      memberships: toMemberships(c.memberships),
      relationship: c.relationship
        ? { type: c.relationship.type, overageEnabled: c.relationship.overage ?? false }
        : null,
      subscription,
      subscriptionProvider: c.entitled ? (c.provider ?? 'manual') : null,
      freeMessagesPerMonth: FREE,
    });
    for (const resource of RESOURCES) {
      const [row] = await db.query<{ charge_limit: number }>(
        // $2 is read for messages only; the second column types it for the other resources.
        `SELECT ${chargeLimitSql(resource, { user: '$1', freeMessages: '$2' })} AS charge_limit, $2::int AS free
         FROM clones c ${meteringJoinsSql({ user: '$1', instance: '$4', now: '$5' })} WHERE c.id = $3`,
        [caller?.id ?? null, FREE, cloneId, c.atInstance ? instanceId : null, NOW],
      );
      expect({ resource, limit: row?.charge_limit }).toEqual({
        resource,
        limit: chargeLimitOf(quotas, resource),
      });
    }
  });
});

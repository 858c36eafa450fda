import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ClaimConversationResponse,
  Conversation,
  ConversationWithMessages,
  SubscriptionData,
  Usage,
  UsageRefusal,
} from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, parseEvents, testConfig } from '../../test/support/harness';
import { countMessages, MEMBERSHIPS, type SeededClone, seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { loadAuthSecret } from '../auth/auth-secret';
import { readVisitorId } from '../auth/visitor-id';
import type { Config } from '../config';
import { silentLogger } from '../logger';
import { setOverage, setRelationship } from '../store/relationships';
import { cancelSubscription, saveSubscription } from '../store/subscriptions';
import { setMessagesUsed, usageSubject } from '../store/usage-counters';
import { upsertUserByEmail } from '../store/users';
import { usagePeriod } from '../usage/period';
import { MESSAGE_LIMIT_REACHED } from './messages';

const STREAM = '/api/clone/talk/messages/stream';
const ANONYMOUS_QUOTA = 10;
let emails = 0;
const email = () => `reader${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('usage enforcement on $name', ({ open }) => {
  let db: Db;
  let jun: SeededClone;
  let clock: ManualClock;
  let secret: string;

  const app = (overrides: Partial<Config> = {}) =>
    createApp({
      db,
      brain: scriptedBrain(['Sharpen ', 'first.']),
      config: testConfig(overrides),
      logger: silentLogger,
      clock,
    });
  let ips = 0;
  const browser = (overrides: Partial<Config> = {}) =>
    new TestClient(app(overrides), { ip: `10.1.0.${++ips % 250}` });

  const start = async (client: TestClient, slug = 'jun', instanceSlug?: string) => {
    const res = await client.post('/api/conversations', {
      slug,
      medium: 'WEB',
      ...(instanceSlug && { instanceSlug }),
    });
    expect(res.status).toBe(201);
    return Conversation.parse(await res.json());
  };
  const send = (client: TestClient, conversationId: string, text = 'How do I sharpen?', slug = 'jun') =>
    client.post(STREAM, { message: { type: 'TEXT', text, slug, conversationId }, timezone: 'UTC' });
  const usageOf = async (client: TestClient, query = '') =>
    Usage.parse(await (await client.get(`/api/clones/jun/usage${query}`)).json());
  const visitorIdOf = (client: TestClient) => {
    const id = readVisitorId(secret, client.jar.get('doppel_visitor'));
    if (!id) throw new Error('the client has no visitor id');
    return id;
  };
  const countUserMessages = async (conversationId: string) =>
    (
      await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1 AND sender = 'USER'",
        [conversationId],
      )
    )[0]?.n;

  beforeAll(async () => {
    db = await open();
    clock = new ManualClock();
    jun = await seedClone(db, 'jun', {
      requireEmail: true,
      anonymousMessages: ANONYMOUS_QUOTA,
      memberships: MEMBERSHIPS,
    });
    await seedClone(db, 'open'); // requireEmail false: anonymous mode
    await seedClone(db, 'bare', { requireEmail: true, anonymousMessages: 2 }); // no memberships
    secret = await loadAuthSecret(db, null);
  });
  afterAll(() => db.close());

  it('lets a visitor send the anonymous quota, then answers 402 before any event, writing nothing', async () => {
    const visitor = browser();
    const conversation = await start(visitor);
    for (let i = 0; i < ANONYMOUS_QUOTA; i++) {
      const res = await send(visitor, conversation.id);
      expect(res.status).toBe(200);
      expect(parseEvents(await res.text()).at(-1)?.type).toBe('message');
    }
    const before = await countMessages(db);
    const refused = await send(visitor, conversation.id, 'One more?');
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const body = UsageRefusal.parse(await refused.json());
    expect(body.error).toBe(MESSAGE_LIMIT_REACHED);
    expect(body.usage).toMatchObject({
      usage: { messages: ANONYMOUS_QUOTA },
      quota: { messages: ANONYMOUS_QUOTA },
      remaining: { messages: 0 },
      permissions: { can_send_message: false },
      anonymous: true,
      relationship: null,
    });
    expect(await countMessages(db)).toBe(before);
    const stored = ConversationWithMessages.parse(
      await (await visitor.get(`/api/conversations/${conversation.id}`)).json(),
    );
    expect(stored.messages.filter((m) => m.sender === 'USER')).toHaveLength(ANONYMOUS_QUOTA);
    expect(await usageOf(visitor)).toEqual(body.usage);
  });

  it('signs the visitor in on the same conversation, with the free tier, up to the paywall', async () => {
    const visitor = browser();
    const conversation = await start(visitor);
    await setMessagesUsed(
      db,
      {
        subject: usageSubject(null, visitorIdOf(visitor)),
        cloneId: jun.id,
        instanceId: null,
        period: usagePeriod(clock.now()),
      },
      ANONYMOUS_QUOTA,
    );
    expect((await send(visitor, conversation.id)).status).toBe(402);

    const { user } = await signIn(visitor, db, email());
    const claim = await visitor.post(`/api/conversations/${conversation.id}/claim`);
    expect(ClaimConversationResponse.parse(await claim.json())).toMatchObject({
      claimed: true,
      conversation: { id: conversation.id },
    });
    const signedIn = await usageOf(visitor);
    expect(signedIn).toMatchObject({
      usage: { messages: 0 },
      quota: { messages: 30 },
      remaining: { messages: 30 },
      anonymous: false,
      relationship: 'FOLLOWER',
    });
    expect((await send(visitor, conversation.id, 'Now signed in')).status).toBe(200);
    expect((await usageOf(visitor)).remaining.messages).toBe(29);

    await setMessagesUsed(
      db,
      {
        subject: usageSubject(user.id, ''),
        cloneId: jun.id,
        instanceId: null,
        period: usagePeriod(clock.now()),
      },
      30,
    );
    const paywalled = await send(visitor, conversation.id, 'And again');
    expect(paywalled.status).toBe(402);
    expect(UsageRefusal.parse(await paywalled.json()).usage).toMatchObject({
      quota: { messages: 30 },
      remaining: { messages: 0 },
      permissions: { can_send_message: false },
      anonymous: false,
    });
    const tiers = SubscriptionData.parse(await (await visitor.get('/api/clones/jun/memberships')).json());
    expect(tiers.memberships.map((m) => [m.id, m.basePrice, m.includedMessagesPerMonth])).toEqual([
      ['free', 0, 30],
      ['benchmate', 8, 500],
    ]);
    expect(tiers.active_subscription).toBeNull();
  });

  it('never lets 50 concurrent sends at the boundary exceed the quota', async () => {
    const visitor = browser();
    await visitor.get('/api/me'); // the page load that hands out the visitor cookie
    const conversations = await Promise.all(Array.from({ length: 5 }, () => start(visitor)));
    const key = {
      subject: usageSubject(null, visitorIdOf(visitor)),
      cloneId: jun.id,
      instanceId: null,
      period: usagePeriod(clock.now()),
    };
    await setMessagesUsed(db, key, ANONYMOUS_QUOTA - 3);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(visitor, conversations[i % 5]?.id ?? '', `Question ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(47);
    await Promise.all(answers.map((r) => r.text()));
    const stored = await Promise.all(conversations.map((c) => countUserMessages(c.id)));
    expect(stored.reduce((a = 0, b = 0) => a + b, 0)).toBe(3);
    expect((await usageOf(visitor)).usage.messages).toBe(ANONYMOUS_QUOTA);
  });

  it('never lets 50 concurrent first sends of a signed-in user pass the quota', async () => {
    const reader = browser({ usage: { ...testConfig().usage, freeMessagesPerMonth: 7 } });
    await signIn(reader, db, email());
    const conversation = Conversation.parse(
      await (await reader.post('/api/conversations', { slug: 'bare', medium: 'WEB' })).json(),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(reader, conversation.id, `Q${i}`, 'bare')),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(7);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(43);
    await Promise.all(answers.map((r) => r.text()));
    expect(await countUserMessages(conversation.id)).toBe(7);
  });

  it('gives a made-up visitor id a fresh quota, never the real visitor’s usage', async () => {
    const real = browser();
    const conversation = await start(real);
    const realId = visitorIdOf(real);
    await setMessagesUsed(
      db,
      {
        subject: usageSubject(null, realId),
        cloneId: jun.id,
        instanceId: null,
        period: usagePeriod(clock.now()),
      },
      ANONYMOUS_QUOTA,
    );
    const forger = new TestClient(real.app);
    forger.jar.set('doppel_visitor', `${realId}.${'A'.repeat(43)}`);
    const usage = await usageOf(forger);
    expect(usage.usage.messages).toBe(0);
    expect(visitorIdOf(forger)).not.toBe(realId);
    // …and not the real visitor's conversation either.
    expect((await send(forger, conversation.id)).status).toBe(404);
    expect((await forger.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
    const own = await start(forger);
    expect((await send(forger, own.id)).status).toBe(200);
    expect((await usageOf(real)).usage.messages).toBe(ANONYMOUS_QUOTA);
  });

  it('does not limit creators and contributors', async () => {
    const owner = browser();
    const { user } = await signIn(owner, db, email());
    await setRelationship(db, { userId: user.id, cloneId: jun.id, type: 'CONTRIBUTOR' });
    await setMessagesUsed(
      db,
      {
        subject: usageSubject(user.id, ''),
        cloneId: jun.id,
        instanceId: null,
        period: usagePeriod(clock.now()),
      },
      10_000,
    );
    const usage = await usageOf(owner);
    expect(usage).toMatchObject({
      quota: { messages: -1 },
      remaining: { messages: -1 },
      relationship: 'CONTRIBUTOR',
    });
    expect(usage.permissions.can_send_message).toBe(true);
    expect((await send(owner, (await start(owner)).id)).status).toBe(200);
  });

  it('lets overage billing send past the quota', async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    await setOverage(db, { userId: user.id, cloneId: jun.id, overageEnabled: true });
    await setMessagesUsed(
      db,
      {
        subject: usageSubject(user.id, ''),
        cloneId: jun.id,
        instanceId: null,
        period: usagePeriod(clock.now()),
      },
      30,
    );
    const usage = await usageOf(reader);
    expect(usage).toMatchObject({ billing: { is_overage_enabled: true }, remaining: { messages: 0 } });
    expect(usage.permissions.can_send_message).toBe(true);
    expect((await send(reader, (await start(reader)).id)).status).toBe(200);
    expect((await usageOf(reader)).usage.messages).toBe(31);
  });

  const subscribe = (userId: string, overrides: Partial<Parameters<typeof saveSubscription>[1]> = {}) =>
    saveSubscription(db, {
      userId,
      cloneId: jun.id,
      instanceId: null,
      membershipId: 'benchmate',
      basis: 'monthly',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      ...overrides,
    });
  const tiersOf = async (client: TestClient, query = '') =>
    SubscriptionData.parse(await (await client.get(`/api/clones/jun/memberships${query}`)).json());

  it('applies the membership a user pays for', async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    await subscribe(user.id);
    expect((await usageOf(reader)).quota).toEqual({ messages: 500, voice_seconds: 3600, video_seconds: 0 });
    const tiers = await tiersOf(reader);
    expect(tiers.active_subscription).toEqual({
      id: expect.any(String),
      membership: { id: 'benchmate', instanceId: null },
      basis: 'monthly',
      willCancelAtPeriodEnd: false,
    });
  });

  it('reports a yearly subscription with a scheduled cancellation as such', async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    await subscribe(user.id, {
      basis: 'yearly',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    expect((await tiersOf(reader)).active_subscription).toEqual({
      id: expect.any(String),
      membership: { id: 'benchmate', instanceId: null },
      basis: 'yearly',
      willCancelAtPeriodEnd: true,
    });
    expect((await usageOf(reader)).quota.messages).toBe(500);
  });

  it('falls back to the free tier when the subscription is canceled or its period has ended', async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    const end = new Date(clock.now().getTime() + 60_000);
    await subscribe(user.id, { currentPeriodEnd: end, cancelAtPeriodEnd: true });
    expect((await usageOf(reader)).quota.messages).toBe(500);
    const saved = clock.time;
    clock.time = new Date(end.getTime() + 1);
    try {
      expect((await usageOf(reader)).quota).toEqual({ messages: 30, voice_seconds: 0, video_seconds: 0 });
      expect((await tiersOf(reader)).active_subscription).toBeNull();
    } finally {
      clock.time = saved;
    }

    const other = browser();
    const signedIn = await signIn(other, db, email());
    await subscribe(signedIn.user.id);
    expect((await usageOf(other)).quota.messages).toBe(500);
    await cancelSubscription(db, { userId: signedIn.user.id, cloneId: jun.id, instanceId: null });
    expect((await usageOf(other)).quota.messages).toBe(30);
    expect((await tiersOf(other)).active_subscription).toBeNull();
  });

  it('charges a send against the subscribed tier, and refuses at the free quota once it lapses', async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    const key = {
      subject: usageSubject(user.id, ''),
      cloneId: jun.id,
      instanceId: null,
      period: usagePeriod(clock.now()),
    };
    await setMessagesUsed(db, key, 30);
    await subscribe(user.id, { status: 'past_due' });
    const conversation = await start(reader);
    const charged = await send(reader, conversation.id);
    expect(charged.status).toBe(200);
    await charged.text(); // the answer is stored before the count below
    await cancelSubscription(db, { userId: user.id, cloneId: jun.id, instanceId: null });
    const before = await countMessages(db);
    const refused = await send(reader, conversation.id, 'Still there?');
    expect(refused.status).toBe(402);
    expect(UsageRefusal.parse(await refused.json()).usage).toMatchObject({ quota: { messages: 30 } });
    expect(await countMessages(db)).toBe(before);
  });

  it("gives an instance's subscription at that instance only", async () => {
    const reader = browser();
    const { user } = await signIn(reader, db, email());
    await subscribe(user.id, { instanceId: jun.instanceId });
    expect((await usageOf(reader, '?instance=workshop')).quota.messages).toBe(500);
    expect((await usageOf(reader)).quota.messages).toBe(30);
    expect((await tiersOf(reader, '?instance=workshop')).active_subscription).toEqual({
      id: expect.any(String),
      membership: { id: 'benchmate', instanceId: jun.instanceId },
      basis: 'monthly',
      willCancelAtPeriodEnd: false,
    });
    expect((await tiersOf(reader)).active_subscription).toBeNull();
    // A send in a conversation of the instance is charged against the instance's tier.
    await setMessagesUsed(
      db,
      {
        subject: usageSubject(user.id, ''),
        cloneId: jun.id,
        instanceId: jun.instanceId,
        period: usagePeriod(clock.now()),
      },
      30,
    );
    const workshop = await start(reader, 'jun', 'workshop');
    expect((await send(reader, workshop.id)).status).toBe(200);
  });

  it('uses FREE_MESSAGES_PER_MONTH when the clone has no free membership', async () => {
    const reader = browser({ usage: { ...testConfig().usage, freeMessagesPerMonth: 12 } });
    await signIn(reader, db, email());
    const usage = Usage.parse(await (await reader.get('/api/clones/bare/usage')).json());
    expect(usage.quota.messages).toBe(12);
    expect(SubscriptionData.parse(await (await reader.get('/api/clones/bare/memberships')).json())).toEqual({
      memberships: [],
      active_subscription: null,
    });
  });

  it('does not limit anyone on a clone that does not require an e-mail', async () => {
    const visitor = browser();
    const conversation = await start(visitor, 'open');
    for (let i = 0; i < 7; i++)
      expect((await send(visitor, conversation.id, `Q${i}`, 'open')).status).toBe(200);
    const usage = Usage.parse(await (await visitor.get('/api/clones/open/usage')).json());
    expect(usage).toMatchObject({
      usage: { messages: 7 },
      quota: { messages: -1 },
      remaining: { messages: -1 },
    });
  });

  it('counts each instance apart, and starts again each calendar month (UTC)', async () => {
    const visitor = browser();
    const main = await start(visitor);
    const workshop = await start(visitor, 'jun', 'workshop');
    await send(visitor, main.id);
    await send(visitor, workshop.id);
    await send(visitor, workshop.id);
    expect((await usageOf(visitor)).usage.messages).toBe(1);
    expect((await usageOf(visitor, '?instance=workshop')).usage.messages).toBe(2);
    expect((await visitor.get('/api/clones/jun/usage?instance=nope')).status).toBe(404);
    const saved = clock.time;
    clock.time = new Date(Date.UTC(saved.getUTCFullYear(), saved.getUTCMonth() + 1, 1, 0, 0, 0));
    expect((await usageOf(visitor)).usage.messages).toBe(0);
    clock.time = saved;
  });

  it('neither counts nor refuses with enforcement off (benchmarks only)', async () => {
    const visitor = browser({ usage: { ...testConfig().usage, enforce: false } });
    const conversation = await start(visitor, 'bare');
    for (let i = 0; i < 4; i++)
      expect((await send(visitor, conversation.id, `Q${i}`, 'bare')).status).toBe(200);
    const usage = Usage.parse(await (await visitor.get('/api/clones/bare/usage')).json());
    expect(usage.usage.messages).toBe(0);
  });

  it('answers 404 for an unknown clone or conversation before charging', async () => {
    const visitor = browser();
    const conversation = await start(visitor);
    expect((await send(visitor, conversation.id, 'hi', 'nobody')).status).toBe(404);
    expect((await send(visitor, '4f0c5a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await usageOf(visitor)).usage.messages).toBe(0);
    expect((await visitor.get('/api/clones/nobody/usage')).status).toBe(404);
    expect((await visitor.get('/api/clones/nobody/memberships')).status).toBe(404);
  });

  it('leaves each user their own counter', async () => {
    const a = browser();
    const b = browser();
    const userA = await signIn(a, db, email());
    await signIn(b, db, email());
    await send(a, (await start(a)).id);
    expect((await usageOf(a)).usage.messages).toBe(1);
    expect((await usageOf(b)).usage.messages).toBe(0);
    const other = await upsertUserByEmail(db, email());
    expect(other.id).not.toBe(userA.user.id);
  });
});

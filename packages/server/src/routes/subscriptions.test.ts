import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ALREADY_SUBSCRIBED,
  ALREADY_YOUR_PLAN,
  BillingLink,
  Conversation,
  CreatedSubscription,
  INVALID_SIGNATURE,
  LOGIN_REQUIRED,
  MEMBERSHIP_NOT_FOR_SALE,
  MySubscription,
  MySubscriptions,
  NO_ACTIVE_SUBSCRIPTION,
  OWN_CLONE_SUBSCRIBE_TOOLTIP,
  PAYMENTS_NOT_SET_UP,
  PaymentsConfig,
  SUBSCRIPTION_NOT_FOUND,
  SubscriptionData,
  Usage,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock } from '../../test/support/harness';
import { MEMBERSHIPS, type SeededClone, seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { toMemberships } from '../mappers/membership';
import { syncCatalog } from '../payments/catalog';
import { reportCallOverage, reportOverage } from '../payments/overage';
import { type LocalStripe, type LocalStripeEvent, startLocalStripe } from '../providers/stripe/local-stripe';
import { setRelationship } from '../store/relationships';
import { setMessagesUsed, usageSubject } from '../store/usage-counters';
import { usagePeriod } from '../usage/period';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_localdouble0001',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_localdouble0001',
  STRIPE_WEBHOOK_SECRET: 'whsec_localdouble0001',
};
const KEYS_CONFIG = {
  secretKey: KEYS.STRIPE_SECRET_KEY,
  publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
  webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
};
const BACK = 'https://doppel.example/jun/talk';
/** A tier that bills use past its quota: 5 cents a message (issue 13). */
const PATRON = {
  ...MEMBERSHIPS[1],
  id: 'patron',
  name: 'Patron',
  basePrice: 20,
  annualPrice: 200,
  includedMessagesPerMonth: 100,
  overage: { perMessage: 0.05, perVoiceMinute: 0.3, perVideoMinute: 0 },
};
const TIERS = [...MEMBERSHIPS, PATRON];
let emails = 0;
const email = () => `member${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('Stripe memberships on $name', ({ open }) => {
  let db: Db;
  let jun: SeededClone;
  let stripe: LocalStripe;
  let app: Hono;
  let stripeApi: Stripe;
  let unpaidApp: Hono;
  const clock = new ManualClock(new Date());
  let ips = 0;
  const browser = (on = app) => new TestClient(on, { ip: `10.7.0.${++ips % 250}` });

  const countRows = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions'))[0]?.n ?? 0;
  const member = async () => {
    const client = browser();
    const { user } = await signIn(client, db, email());
    return { client, user };
  };
  const subscribe = async (
    client: TestClient,
    basis: 'monthly' | 'yearly' = 'monthly',
    membershipId = 'benchmate',
  ) => {
    const res = await client.post('/api/subscriptions', {
      slug: 'jun',
      membershipId,
      basis,
      redirect_url: BACK,
    });
    expect(res.status).toBe(201);
    return CreatedSubscription.parse(await res.json());
  };
  const stripeIdOf = async (id: string) =>
    (
      await db.query<{ s: string }>('SELECT provider_subscription_id AS s FROM subscriptions WHERE id = $1', [
        id,
      ])
    )[0]?.s ?? '';
  const webhook = (payload: string, signature: string) =>
    app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const sign = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.STRIPE_WEBHOOK_SECRET });
  /** Delivers every event the local Stripe emitted since `from`, as Stripe would. */
  const deliverFrom = async (from: number) => {
    for (const event of stripe.events.slice(from))
      expect((await webhook(event.payload, sign(event.payload))).status).toBe(200);
  };
  const usageOf = async (client: TestClient) =>
    Usage.parse(await (await client.get('/api/clones/jun/usage')).json());
  const tiersOf = async (client: TestClient) =>
    SubscriptionData.parse(await (await client.get('/api/clones/jun/memberships')).json());
  /** Subscribes, pays, and delivers Stripe's events: an active monthly member. */
  const activeMember = async () => {
    const { client, user } = await member();
    const created = await subscribe(client);
    const from = stripe.events.length;
    await stripe.pay(await stripeIdOf(created.subscription.id));
    await deliverFrom(from);
    return { client, user, id: created.subscription.id };
  };

  beforeAll(async () => {
    db = await open();
    jun = await seedClone(db, 'jun', { requireEmail: true, memberships: TIERS });
    await seedClone(db, 'unsold', { requireEmail: true, memberships: MEMBERSHIPS });
    stripe = await startLocalStripe({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
    });
    const env = { ...KEYS, STRIPE_API_BASE: stripe.url };
    const base = { db, brain: scriptedBrain(['Hi.']), logger: silentLogger, clock };
    app = createApp({ ...base, config: { ...loadConfig(env), dataDir: 'memory://' } });
    unpaidApp = createApp({ ...base, config: { ...loadConfig({}), dataDir: 'memory://' } });
    stripeApi = new Stripe(KEYS.STRIPE_SECRET_KEY, {
      host: new URL(stripe.url).hostname,
      port: new URL(stripe.url).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await syncCatalog(stripeApi, { id: jun.id, name: 'Jun', memberships: toMemberships(TIERS) });
  });
  afterAll(async () => {
    await stripe.close();
    await db.close();
  });
  let refusedBefore = 0;
  beforeEach(() => {
    refusedBefore = stripe.refused.length;
  });
  const expectStripeAcceptedEverything = () => expect(stripe.refused.slice(refusedBefore)).toEqual([]);

  it('tells the app whether payments are set up, and with which key', async () => {
    expect(PaymentsConfig.parse(await (await browser().get('/api/payments/config')).json())).toEqual({
      enabled: true,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
    });
    expect(PaymentsConfig.parse(await (await browser(unpaidApp).get('/api/payments/config')).json())).toEqual(
      {
        enabled: false,
        publishableKey: null,
      },
    );
    const profile = await (await browser().get('/api/clones/jun')).json();
    expect(profile.features.payments).toBe(true);
  });

  it('without Stripe keys says payments are not set up and writes nothing', async () => {
    const client = browser(unpaidApp);
    await signIn(client, db, email());
    const before = await countRows();
    const res = await client.post('/api/subscriptions', {
      slug: 'jun',
      membershipId: 'benchmate',
      basis: 'monthly',
      redirect_url: BACK,
    });
    expect([res.status, (await res.json()).error]).toEqual([503, PAYMENTS_NOT_SET_UP]);
    expect(await countRows()).toBe(before);
  });

  it('subscribes a member: the checkout gets a client secret, the quota rises once Stripe says paid', async () => {
    const { client } = await member();
    expect((await usageOf(client)).quota.messages).toBe(30);
    const created = await subscribe(client);
    expect(created.publishableKey).toBe(KEYS.STRIPE_PUBLISHABLE_KEY);
    expect(created.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(created.subscription).toMatchObject({
      clone: { slug: 'jun' },
      membershipId: 'benchmate',
      basis: 'monthly',
      status: 'incomplete',
      entitled: false,
      provider: 'stripe',
    });
    // Unpaid: still the free tier.
    expect((await usageOf(client)).quota.messages).toBe(30);
    const stripeId = await stripeIdOf(created.subscription.id);
    const sub = stripe.subscriptions.get(stripeId);
    expect(sub?.items.data.map((item) => item.price.unit_amount)).toEqual([800]);
    expect(sub?.metadata).toMatchObject({ doppel_clone_id: jun.id, doppel_instance_id: '' });
    const from = stripe.events.length;
    await stripe.pay(stripeId);
    await deliverFrom(from);
    expect((await usageOf(client)).quota).toMatchObject({ messages: 500, voice_seconds: 3600 });
    const tiers = await tiersOf(client);
    expect(tiers.active_subscription).toEqual({
      id: created.subscription.id,
      membership: { id: 'benchmate', instanceId: null },
      basis: 'monthly',
      willCancelAtPeriodEnd: false,
    });
    const mine = MySubscriptions.parse(await (await client.get('/api/subscriptions')).json());
    expect(mine.subscriptions).toHaveLength(1);
    expect(mine.subscriptions[0]).toMatchObject({
      status: 'active',
      entitled: true,
      membership: { name: 'Benchmate' },
    });
    expectStripeAcceptedEverything();
  });

  it('reads an unpaid subscription back from Stripe when the checkout returns before the webhook', async () => {
    const { client } = await member();
    const created = await subscribe(client);
    await stripe.pay(await stripeIdOf(created.subscription.id)); // no webhook delivered
    const res = await client.get(`/api/subscriptions/${created.subscription.id}`);
    expect(MySubscription.parse(await res.json())).toMatchObject({ status: 'active', entitled: true });
    expect((await usageOf(client)).quota.messages).toBe(500);
  });

  it('switches to yearly, cancels at the period end and resumes, each at once', async () => {
    const { client, id } = await activeMember();
    const stripeId = await stripeIdOf(id);
    const same = await client.post(`/api/subscriptions/${id}/switch`, {
      membershipId: 'benchmate',
      basis: 'monthly',
    });
    expect([same.status, (await same.json()).error]).toEqual([409, ALREADY_YOUR_PLAN]);

    const switched = MySubscription.parse(
      await (
        await client.post(`/api/subscriptions/${id}/switch`, { membershipId: 'benchmate', basis: 'yearly' })
      ).json(),
    );
    expect(switched).toMatchObject({ id, basis: 'yearly', entitled: true, willCancelAtPeriodEnd: false });
    const item = stripe.subscriptions.get(stripeId)?.items.data[0];
    expect([item?.price.unit_amount, item?.price.recurring.interval]).toEqual([8000, 'year']);
    expect((await tiersOf(client)).active_subscription?.basis).toBe('yearly');

    const canceled = MySubscription.parse(
      await (await client.post(`/api/subscriptions/${id}/cancel`)).json(),
    );
    expect(canceled).toMatchObject({ willCancelAtPeriodEnd: true, entitled: true });
    expect(stripe.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    expect((await tiersOf(client)).active_subscription?.willCancelAtPeriodEnd).toBe(true);
    expect((await usageOf(client)).quota.messages).toBe(500);

    const resumed = MySubscription.parse(await (await client.post(`/api/subscriptions/${id}/resume`)).json());
    expect(resumed.willCancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);
    expectStripeAcceptedEverything();
  });

  it('refuses a second subscription to the same clone: switch instead', async () => {
    const { client } = await activeMember();
    const before = stripe.subscriptions.size;
    const res = await client.post('/api/subscriptions', {
      slug: 'jun',
      membershipId: 'benchmate',
      basis: 'yearly',
      redirect_url: BACK,
    });
    expect([res.status, (await res.json()).error]).toEqual([409, ALREADY_SUBSCRIBED]);
    expect(stripe.subscriptions.size).toBe(before);
  });

  it("does not let the clone's owner subscribe (spec §5), writing nothing", async () => {
    const { client, user } = await member();
    await setRelationship(db, { userId: user.id, cloneId: jun.id, type: 'CREATOR' });
    const [rows, subs] = [await countRows(), stripe.subscriptions.size];
    const res = await client.post('/api/subscriptions', {
      slug: 'jun',
      membershipId: 'benchmate',
      basis: 'monthly',
      redirect_url: BACK,
    });
    expect([res.status, (await res.json()).error]).toEqual([403, OWN_CLONE_SUBSCRIBE_TOOLTIP]);
    expect([await countRows(), stripe.subscriptions.size]).toEqual([rows, subs]);
  });

  it('answers bad input with 400 and a missing tier or price with 4xx, writing nothing anywhere', async () => {
    const { client } = await member();
    const [rows, subs, customers] = [await countRows(), stripe.subscriptions.size, stripe.customers.size];
    const good = { slug: 'jun', membershipId: 'benchmate', basis: 'monthly', redirect_url: BACK };
    const cases: [unknown, number][] = [
      [{ ...good, basis: 'weekly' }, 400],
      [{ ...good, redirect_url: 'javascript:alert(1)' }, 400],
      [{ ...good, membershipId: '' }, 400],
      [{ slug: 'jun' }, 400],
      ['not json', 400],
      [{ ...good, slug: 'nobody' }, 404],
      [{ ...good, membershipId: 'platinum' }, 404],
      // The free tier has no yearly price (spec §9: yearly needs annualPrice > 0).
      [{ ...good, membershipId: 'free', basis: 'yearly' }, 400],
      // A clone whose tiers were never synced to Stripe.
      [{ ...good, slug: 'unsold' }, 409],
    ];
    for (const [body, status] of cases) {
      const res = await client.post('/api/subscriptions', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
    }
    const unsold = await client.post('/api/subscriptions', { ...good, slug: 'unsold' });
    expect((await unsold.json()).error).toBe(MEMBERSHIP_NOT_FOR_SALE);
    expect([await countRows(), stripe.subscriptions.size, stripe.customers.size]).toEqual([
      rows,
      subs,
      customers,
    ]);
    const signedOut = await browser().post('/api/subscriptions', good);
    expect([signedOut.status, (await signedOut.json()).error]).toEqual([401, LOGIN_REQUIRED]);
  });

  it("answers another user's subscription as one that does not exist, and changes nothing", async () => {
    const { id } = await activeMember();
    const stripeId = await stripeIdOf(id);
    const { client: other } = await member();
    for (const [path, body] of [
      [`/api/subscriptions/${id}/cancel`, {}],
      [`/api/subscriptions/${id}/resume`, {}],
      [`/api/subscriptions/${id}/switch`, { membershipId: 'benchmate', basis: 'yearly' }],
      [`/api/subscriptions/${id}/cancel-link`, { redirect_url: BACK }],
      [
        `/api/subscriptions/${id}/update-link`,
        { redirect_url: BACK, membershipId: 'benchmate', basis: 'yearly' },
      ],
      ['/api/subscriptions/not-a-uuid/cancel', {}],
    ] as const) {
      const res = await other.post(path, body);
      expect([path, res.status, (await res.json()).error]).toEqual([path, 404, SUBSCRIPTION_NOT_FOUND]);
    }
    expect((await other.get(`/api/subscriptions/${id}`)).status).toBe(404);
    expect(MySubscriptions.parse(await (await other.get('/api/subscriptions')).json()).subscriptions).toEqual(
      [],
    );
    const sub = stripe.subscriptions.get(stripeId);
    expect([sub?.cancel_at_period_end, sub?.items.data[0]?.price.recurring.interval]).toEqual([
      false,
      'month',
    ]);
  });

  it("opens Stripe's customer portal for cancel, update and billing", async () => {
    const { client, id } = await activeMember();
    const cancel = BillingLink.parse(
      await (await client.post(`/api/subscriptions/${id}/cancel-link`, { redirect_url: BACK })).json(),
    );
    expect(cancel.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//);
    const update = await client.post(`/api/subscriptions/${id}/update-link`, {
      redirect_url: BACK,
      membershipId: 'benchmate',
      basis: 'yearly',
    });
    expect(update.status).toBe(200);
    expect((await client.post('/api/billing/portal', { redirect_url: BACK })).status).toBe(200);
    expect(stripe.portalSessions.slice(-3).map((s) => [s.flow, s.return_url])).toEqual([
      ['subscription_cancel', BACK],
      ['subscription_update_confirm', BACK],
      [null, BACK],
    ]);
    const { client: newcomer } = await member();
    const none = await newcomer.post('/api/billing/portal', { redirect_url: BACK });
    expect(none.status).toBe(409);
    expectStripeAcceptedEverything();
  });

  it('bills a Patron member past the quota through Stripe meter events, each unit once', async () => {
    const { client, user } = await member();
    const created = await subscribe(client, 'monthly', 'patron');
    const stripeId = await stripeIdOf(created.subscription.id);
    // The tier's price and its three metered overage prices are on the subscription.
    expect(stripe.subscriptions.get(stripeId)?.items.data.map((i) => i.price.recurring.usage_type)).toEqual([
      'licensed',
      'metered',
      'metered',
      'metered',
    ]);
    const from = stripe.events.length;
    await stripe.pay(stripeId);
    await deliverFrom(from);
    const key = {
      subject: usageSubject(user.id, ''),
      cloneId: jun.id,
      instanceId: null,
      period: usagePeriod(clock.now()),
    };
    await setMessagesUsed(db, key, 100);
    const usage = await usageOf(client);
    expect(usage).toMatchObject({ quota: { messages: 100 }, billing: { is_overage_enabled: true } });
    expect(usage.permissions.can_send_message).toBe(true);
    // A send past the quota goes through and is reported to the meter, off the answer's path.
    const conversation = await client.post('/api/conversations', { slug: 'jun', medium: 'WEB' });
    const { id: conversationId } = Conversation.parse(await conversation.json());
    const sent = await client.post('/api/clone/talk/messages/stream', {
      message: { type: 'TEXT', text: 'One more?', slug: 'jun', conversationId },
      timezone: 'UTC',
    });
    expect(sent.status).toBe(200);
    await sent.text();
    const customer = stripe.subscriptions.get(stripeId)?.customer;
    const mine = () => stripe.meterEvents.filter((e) => e.payload.stripe_customer_id === customer);
    await expect
      .poll(() => mine().map((e) => [e.event_name, e.payload.value]))
      .toEqual([['doppel_messages', '1']]);
    // Reported again: nothing new. Three more past the quota: three more units, once.
    const deps = {
      db,
      payments: { config: { ...KEYS_CONFIG, apiBase: stripe.url }, stripe: stripeApi },
      config: loadConfig({}),
      clock,
      logger: silentLogger,
    };
    expect(await reportOverage(deps, { userId: user.id, slug: 'jun', instanceId: null })).toEqual({});
    await setMessagesUsed(db, key, 104);
    const twice = await Promise.all([
      reportOverage(deps, { userId: user.id, slug: 'jun', instanceId: null }),
      reportOverage(deps, { userId: user.id, slug: 'jun', instanceId: null }),
    ]);
    expect(twice.map((r) => r.messages ?? 0).sort()).toEqual([0, 3]);
    expect(mine().map((e) => e.payload.value)).toEqual(['1', '3']);
    expect(new Set(mine().map((e) => e.identifier)).size).toBe(2);
  });

  it("bills a Patron member's call seconds past the quota once they are charged (voice, Vapi, Tavus)", async () => {
    const { client, user } = await member();
    const created = await subscribe(client, 'monthly', 'patron');
    const stripeId = await stripeIdOf(created.subscription.id);
    const from = stripe.events.length;
    await stripe.pay(stripeId);
    await deliverFrom(from);
    const usage = await usageOf(client);
    const quota = usage.quota.voice_seconds;
    expect(quota).toBeGreaterThan(0);
    await db.query(
      `INSERT INTO usage_counters (subject, clone_id, instance_key, period, voice_seconds) VALUES ($1, $2, '', $3::date, $4)
       ON CONFLICT (subject, clone_id, instance_key, period) DO UPDATE SET voice_seconds = excluded.voice_seconds`,
      [usageSubject(user.id, ''), jun.id, usagePeriod(clock.now()), quota + 90],
    );
    const deps = {
      db,
      payments: { config: { ...KEYS_CONFIG, apiBase: stripe.url }, stripe: stripeApi },
      config: loadConfig({}),
      clock,
      logger: silentLogger,
    };
    const customer = stripe.subscriptions.get(stripeId)?.customer;
    const mine = () => stripe.meterEvents.filter((e) => e.payload.stripe_customer_id === customer);
    await reportCallOverage(deps, { userId: user.id, cloneId: jun.id, instanceId: null });
    await reportCallOverage(deps, { userId: user.id, cloneId: jun.id, instanceId: null });
    expect(mine().map((e) => [e.event_name, e.payload.value])).toEqual([['doppel_voice_seconds', '90']]);
    // A visitor without an account has no subscription to bill: nothing is asked of Stripe.
    await reportCallOverage(deps, { userId: null, cloneId: jun.id, instanceId: null });
    expect(mine()).toHaveLength(1);
  });

  it('reports no overage for a tier without it', async () => {
    const { user } = await activeMember();
    const key = {
      subject: usageSubject(user.id, ''),
      cloneId: jun.id,
      instanceId: null,
      period: usagePeriod(clock.now()),
    };
    await setMessagesUsed(db, key, 600);
    const deps = {
      db,
      payments: { config: { ...KEYS_CONFIG, apiBase: stripe.url }, stripe: stripeApi },
      config: loadConfig({}),
      clock,
      logger: silentLogger,
    };
    expect(await reportOverage(deps, { userId: user.id, slug: 'jun', instanceId: null })).toEqual({});
  });

  describe('webhooks', () => {
    const statusOf = async (id: string) =>
      (
        await db.query<{ status: string; c: boolean }>(
          'SELECT status, cancel_at_period_end AS c FROM subscriptions WHERE id = $1',
          [id],
        )
      )[0];

    it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
      const { client } = await member();
      const created = await subscribe(client);
      const from = stripe.events.length;
      await stripe.pay(await stripeIdOf(created.subscription.id));
      const paid = stripe.events.slice(from);
      for (const event of paid) {
        const forged = Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: 'whsec_someoneelse',
        });
        for (const signature of [forged, '', 't=1,v1=00']) {
          const res = await webhook(event.payload, signature);
          expect([res.status, (await res.json()).error]).toEqual([400, INVALID_SIGNATURE]);
        }
        // A payload changed after signing.
        const tampered = await webhook(
          event.payload.replace('"livemode": false', '"livemode": true'),
          sign(event.payload),
        );
        expect(tampered.status).toBe(400);
      }
      expect(await statusOf(created.subscription.id)).toEqual({ status: 'incomplete', c: false });
      const handled = await db.query('SELECT id FROM stripe_events WHERE id = ANY($1)', [
        paid.map((e) => e.id),
      ]);
      expect(handled).toEqual([]);
    });

    it('handles each event once: a replay, twice, changes nothing twice', async () => {
      const { client, id } = await activeMember();
      const stripeId = await stripeIdOf(id);
      const from = stripe.events.length;
      await client.post(`/api/subscriptions/${id}/cancel`);
      const [cancelEvent] = stripe.events.slice(from) as [LocalStripeEvent];
      // Resumed since (in the app); then the old cancel event is delivered, and delivered again.
      await client.post(`/api/subscriptions/${id}/resume`);
      for (let i = 0; i < 2; i++) {
        const res = await webhook(cancelEvent.payload, sign(cancelEvent.payload));
        expect(res.status).toBe(200);
        expect((await res.json()).duplicate ?? false).toBe(i === 1);
      }
      // The late event re-read Stripe's present state: not canceled.
      expect(await statusOf(id)).toEqual({ status: 'active', c: false });
      expect(stripe.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);
      const rows = await db.query('SELECT id FROM stripe_events WHERE id = $1', [cancelEvent.id]);
      expect(rows).toHaveLength(1);
    });

    it('follows Stripe when it ends a subscription: the free tier applies again at once', async () => {
      const { client, id } = await activeMember();
      const from = stripe.events.length;
      await stripe.endSubscription(await stripeIdOf(id));
      await deliverFrom(from);
      expect(await statusOf(id)).toEqual({ status: 'canceled', c: false });
      expect((await usageOf(client)).quota.messages).toBe(30);
      expect((await tiersOf(client)).active_subscription).toBeNull();
      // Ended: nothing left to cancel or resume.
      const res = await client.post(`/api/subscriptions/${id}/resume`);
      expect([res.status, (await res.json()).error]).toEqual([409, NO_ACTIVE_SUBSCRIPTION]);
    });
  });
});

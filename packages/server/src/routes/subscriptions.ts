/**
 * @module Buying memberships with Stripe (spec/calls.md §4, §7; issue 13): the payments config,
 * the user's subscriptions, subscribe (the checkout's client secret), switch, cancel at the
 * period end, resume, and the customer-portal links. Every change is made at Stripe first and
 * the row set from Stripe's answer, so the quotas follow the tier at once; the webhooks
 * (stripe-webhook.ts) keep it following afterwards. docs/http-api.md "Memberships and payments".
 */
import {
  ALREADY_SUBSCRIBED,
  ALREADY_YOUR_PLAN,
  type BillingBasis,
  CancelLinkRequest,
  type CreatedSubscription,
  CreateSubscriptionRequest,
  LOGIN_REQUIRED,
  MEMBERSHIP_NOT_FOR_SALE,
  MEMBERSHIP_NOT_FOUND,
  type Membership,
  NO_ACTIVE_SUBSCRIPTION,
  NO_BILLING_ACCOUNT,
  noPriceFor,
  OWN_CLONE_SUBSCRIBE_TOOLTIP,
  OWNER_RELATIONSHIPS,
  PAYMENT_PROVIDER_FAILED,
  PAYMENTS_NOT_SET_UP,
  type PaymentsConfig,
  PortalLinkRequest,
  SUBSCRIPTION_CREATE_FAILED,
  SUBSCRIPTION_NOT_FOUND,
  SwitchSubscriptionRequest,
  UpdateLinkRequest,
} from '@doppel/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { describeError } from '../logger';
import { isEntitled, toMySubscription } from '../mappers/subscription';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { tierPrices, wantedPrices } from '../payments/catalog';
import { baseItem, subscriptionRowOf } from '../payments/stripe-state';
import { subscribeAtStripe } from '../payments/subscribe';
import { loadQuotaFacts } from '../store/quota-facts';
import { findStripeCustomer } from '../store/stripe-records';
import {
  findUserSubscription,
  listSubscriptions,
  listUserSubscriptions,
  type SubscriptionRow,
  writeStripeSubscription,
} from '../store/subscriptions';
import { CLONE_NOT_FOUND } from './clones';

export function subscriptionRoutes(deps: AppDeps) {
  const { db, config, clock, payments, logger } = deps;
  const limits = { maxBytes: config.jsonBodyLimitBytes };

  const mine = async (userId: string, id: string) => {
    const [row] = await listUserSubscriptions(db, { userId, id });
    if (!row) throw new Error(`subscription ${id} vanished`);
    return toMySubscription(row, clock.now());
  };
  /** The row of Stripe's subscription after a change, written, as the user's MySubscription. */
  const follow = async (subscription: Stripe.Subscription) => {
    const input = subscriptionRowOf(subscription);
    if (!input) throw new Error(`Stripe subscription ${subscription.id} has no Doppel metadata`);
    const row = await writeStripeSubscription(db, input);
    return mine(row.user_id, row.id);
  };
  /** The tiers of the clone the row belongs to that the row may switch to (same instance, offered). */
  const tierOf = async (row: SubscriptionRow, membershipId: string): Promise<Membership | null> => {
    const [listing] = await listUserSubscriptions(db, { userId: row.user_id, id: row.id });
    const tier =
      listing && toMySubscription({ ...listing, membership_id: membershipId }, clock.now()).membership;
    return tier?.active && tier.instanceId === row.instance_id ? tier : null;
  };
  const failed = (c: Context, error: unknown, message = PAYMENT_PROVIDER_FAILED) => {
    logger.error('Stripe call failed', error);
    return apiError(c, 502, message);
  };

  /**
   * Who may act on subscription `:id`: the signed-in user whose it is, on this deployment with
   * Stripe, while it entitles and is Stripe's. Answers the row, or the error answer.
   */
  const actionable = async <E extends AppEnv>(c: Context<E>) => {
    const user = await identityOf(c).user();
    if (!user) return { error: apiError(c, 401, LOGIN_REQUIRED) } as const;
    if (!payments) return { error: apiError(c, 503, PAYMENTS_NOT_SET_UP) } as const;
    const id = c.req.param('id') ?? '';
    const row = isUuid(id) ? await findUserSubscription(db, { id, userId: user.id }) : null;
    if (!row) return { error: apiError(c, 404, SUBSCRIPTION_NOT_FOUND) } as const;
    if (row.provider !== 'stripe' || !row.provider_subscription_id || !isEntitled(row, clock.now()))
      return { error: apiError(c, 409, NO_ACTIVE_SUBSCRIPTION) } as const;
    return { row, stripe: payments.stripe, stripeId: row.provider_subscription_id } as const;
  };
  /** The new tier's prices for a switch or an update link, or the error answer. */
  const pricesFor = async (c: Context, row: SubscriptionRow, membershipId: string, basis: BillingBasis) => {
    const tier = await tierOf(row, membershipId);
    if (!tier) return { error: apiError(c, 404, MEMBERSHIP_NOT_FOUND) } as const;
    if (wantedPrices(row.clone_id, tier, basis).length === 0)
      return { error: apiError(c, 400, noPriceFor(basis)) } as const;
    if (tier.id === row.membership_id && basis === row.basis)
      return { error: apiError(c, 409, ALREADY_YOUR_PLAN) } as const;
    const prices = payments && (await tierPrices(payments.stripe, row.clone_id, tier, basis));
    if (!prices) return { error: apiError(c, 409, MEMBERSHIP_NOT_FOR_SALE) } as const;
    return { prices } as const;
  };

  return (
    new Hono<AppEnv>()
      .get('/payments/config', (c) => {
        const answer: PaymentsConfig = {
          enabled: payments !== null,
          publishableKey: payments?.config.publishableKey ?? null,
        };
        return c.json(answer);
      })
      .get('/subscriptions', async (c) => {
        const user = await identityOf(c).user();
        const rows = user ? await listUserSubscriptions(db, { userId: user.id }) : [];
        return c.json({ subscriptions: rows.map((row) => toMySubscription(row, clock.now())) });
      })
      /** One subscription; an `incomplete` one is read from Stripe first (the checkout's return). */
      .get('/subscriptions/:id', async (c) => {
        const user = await identityOf(c).user();
        if (!user) return apiError(c, 401, LOGIN_REQUIRED);
        const id = c.req.param('id');
        const row = isUuid(id) ? await findUserSubscription(db, { id, userId: user.id }) : null;
        if (!row) return apiError(c, 404, SUBSCRIPTION_NOT_FOUND);
        if (
          payments &&
          row.provider === 'stripe' &&
          row.provider_subscription_id &&
          row.status === 'incomplete'
        ) {
          try {
            return c.json(
              await follow(await payments.stripe.subscriptions.retrieve(row.provider_subscription_id)),
            );
          } catch (error) {
            logger.warn(
              `reading subscription ${row.id} from Stripe failed (${describeError(error)}); answering the stored state`,
            );
          }
        }
        return c.json(await mine(user.id, row.id));
      })
      .post('/subscriptions', jsonBody(CreateSubscriptionRequest, limits), async (c) => {
        const user = await identityOf(c).user();
        if (!user) return apiError(c, 401, LOGIN_REQUIRED);
        if (!payments) return apiError(c, 503, PAYMENTS_NOT_SET_UP);
        const body = c.var.body;
        const clone = await loadQuotaFacts(db, {
          slug: body.slug,
          userId: user.id,
          instance: null,
          now: clock.now(),
          freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
        });
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const owner = clone.facts.relationship?.type;
        if (owner && OWNER_RELATIONSHIPS.includes(owner))
          return apiError(c, 403, OWN_CLONE_SUBSCRIBE_TOOLTIP);
        const tier = clone.facts.memberships.find((m) => m.id === body.membershipId && m.active);
        if (!tier) return apiError(c, 404, MEMBERSHIP_NOT_FOUND);
        if (wantedPrices(clone.cloneId, tier, body.basis).length === 0)
          return apiError(c, 400, noPriceFor(body.basis));
        const held = await listSubscriptions(db, { userId: user.id, cloneId: clone.cloneId });
        if (held.some((s) => s.instance_id === tier.instanceId && isEntitled(s, clock.now())))
          return apiError(c, 409, ALREADY_SUBSCRIBED);
        let created: Awaited<ReturnType<typeof subscribeAtStripe>>;
        try {
          created = await subscribeAtStripe(deps, payments, {
            user,
            cloneId: clone.cloneId,
            tier,
            basis: body.basis,
          });
        } catch (error) {
          return failed(c, error, SUBSCRIPTION_CREATE_FAILED);
        }
        if (!created) return apiError(c, 409, MEMBERSHIP_NOT_FOR_SALE);
        const answer: CreatedSubscription = {
          subscription: await follow(created.subscription),
          client_secret: created.clientSecret,
          publishableKey: payments.config.publishableKey,
        };
        return c.json(answer, 201);
      })
      .post('/subscriptions/:id/switch', jsonBody(SwitchSubscriptionRequest, limits), async (c) => {
        const target = await actionable(c);
        if ('error' in target) return target.error;
        const { membershipId, basis } = c.var.body;
        const wanted = await pricesFor(c, target.row, membershipId, basis);
        if ('error' in wanted) return wanted.error;
        try {
          const current = await target.stripe.subscriptions.retrieve(target.stripeId);
          const base = baseItem(current);
          const [newBase, ...overage] = wanted.prices;
          if (!base || !newBase) return apiError(c, 409, NO_ACTIVE_SUBSCRIPTION);
          const items: Stripe.SubscriptionUpdateParams.Item[] = [
            { id: base.id, price: newBase.id },
            ...current.items.data
              .filter((item) => item.id !== base.id)
              .map((item) => ({ id: item.id, deleted: true })),
            ...overage.map((price) => ({ price: price.id })),
          ];
          const updated = await target.stripe.subscriptions.update(target.stripeId, {
            items,
            cancel_at_period_end: false,
            proration_behavior: 'create_prorations',
          });
          return c.json(await follow(updated));
        } catch (error) {
          return failed(c, error);
        }
      })
      .post('/subscriptions/:id/cancel', async (c) => {
        const target = await actionable(c);
        if ('error' in target) return target.error;
        try {
          const updated = await target.stripe.subscriptions.update(target.stripeId, {
            cancel_at_period_end: true,
          });
          return c.json(await follow(updated));
        } catch (error) {
          return failed(c, error);
        }
      })
      /** spec/calls.md §7 deleteScheduledMembershipCancellation. */
      .post('/subscriptions/:id/resume', async (c) => {
        const target = await actionable(c);
        if ('error' in target) return target.error;
        try {
          const updated = await target.stripe.subscriptions.update(target.stripeId, {
            cancel_at_period_end: false,
          });
          return c.json(await follow(updated));
        } catch (error) {
          return failed(c, error);
        }
      })
      /** spec/calls.md §7 getCancelMembershipLink: the customer portal's cancel flow. */
      .post('/subscriptions/:id/cancel-link', jsonBody(CancelLinkRequest, limits), async (c) => {
        const target = await actionable(c);
        if ('error' in target) return target.error;
        const customer = target.row.provider_customer_id;
        if (!customer) return apiError(c, 409, NO_ACTIVE_SUBSCRIPTION);
        const back = c.var.body.redirect_url;
        try {
          const session = await target.stripe.billingPortal.sessions.create({
            customer,
            return_url: back,
            flow_data: {
              type: 'subscription_cancel',
              subscription_cancel: { subscription: target.stripeId },
              after_completion: { type: 'redirect', redirect: { return_url: back } },
            },
          });
          return c.json({ url: session.url });
        } catch (error) {
          return failed(c, error);
        }
      })
      /** spec/calls.md §7 getUpdateMembershipLink: the portal's confirm page for the new tier. */
      .post('/subscriptions/:id/update-link', jsonBody(UpdateLinkRequest, limits), async (c) => {
        const target = await actionable(c);
        if ('error' in target) return target.error;
        const body = c.var.body;
        const wanted = await pricesFor(c, target.row, body.membershipId, body.basis);
        if ('error' in wanted) return wanted.error;
        const customer = target.row.provider_customer_id;
        if (!customer) return apiError(c, 409, NO_ACTIVE_SUBSCRIPTION);
        try {
          const current = await target.stripe.subscriptions.retrieve(target.stripeId);
          const base = baseItem(current);
          const newBase = wanted.prices[0];
          if (!base || !newBase) return apiError(c, 409, NO_ACTIVE_SUBSCRIPTION);
          const session = await target.stripe.billingPortal.sessions.create({
            customer,
            return_url: body.redirect_url,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: {
                subscription: target.stripeId,
                items: [{ id: base.id, price: newBase.id, quantity: 1 }],
              },
              after_completion: { type: 'redirect', redirect: { return_url: body.redirect_url } },
            },
          });
          return c.json({ url: session.url });
        } catch (error) {
          return failed(c, error);
        }
      })
      .post('/billing/portal', jsonBody(PortalLinkRequest, limits), async (c) => {
        const user = await identityOf(c).user();
        if (!user) return apiError(c, 401, LOGIN_REQUIRED);
        if (!payments) return apiError(c, 503, PAYMENTS_NOT_SET_UP);
        const customer = await findStripeCustomer(db, user.id);
        if (!customer) return apiError(c, 409, NO_BILLING_ACCOUNT);
        try {
          const session = await payments.stripe.billingPortal.sessions.create({
            customer,
            return_url: c.var.body.redirect_url,
          });
          return c.json({ url: session.url });
        } catch (error) {
          return failed(c, error);
        }
      })
  );
}

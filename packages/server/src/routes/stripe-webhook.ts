/**
 * @module POST /api/webhooks/stripe (issue 13): Stripe's events, verified with the library's
 * `constructEvent` against the raw body and STRIPE_WEBHOOK_SECRET (a bad signature answers 400
 * and changes nothing), handled once per event id (a replay changes nothing twice), and
 * order-proof: a subscription or invoice event makes the server read the subscription back from
 * Stripe and set its row to Stripe's current state, so a late or reordered event never rolls a
 * newer state back.
 */
import { INVALID_SIGNATURE } from '@doppel/protocol';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { BODY_TOO_LARGE, readLimited } from '../middleware/json-body';
import { subscriptionRowOf } from '../payments/stripe-state';
import { forgetStripeEvent, recordStripeEvent } from '../store/stripe-records';
import { writeStripeSubscription } from '../store/subscriptions';

/** Stripe's events stay well under this; a larger body is not Stripe's. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const SubscriptionObject = z.object({ object: z.literal('subscription'), id: z.string() });
const InvoiceObject = z.object({
  object: z.literal('invoice'),
  parent: z
    .object({ subscription_details: z.object({ subscription: z.string() }).nullable().optional() })
    .nullable()
    .optional(),
});

/** The subscription an event is about, or null for events this server does not follow. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (event.type.startsWith('customer.subscription.'))
    return SubscriptionObject.safeParse(object).data?.id ?? null;
  if (event.type.startsWith('invoice.'))
    return InvoiceObject.safeParse(object).data?.parent?.subscription_details?.subscription ?? null;
  return null;
}

export function stripeWebhookRoutes({ db, payments, logger }: AppDeps) {
  return new Hono().post('/webhooks/stripe', async (c) => {
    if (!payments) return apiError(c, 404, 'Not found');
    const raw = await readLimited(c.req.raw, WEBHOOK_BODY_LIMIT_BYTES);
    if (raw === null) return apiError(c, 413, BODY_TOO_LARGE);
    let event: Stripe.Event;
    try {
      event = payments.stripe.webhooks.constructEvent(
        raw,
        c.req.header('stripe-signature') ?? '',
        payments.config.webhookSecret,
      );
    } catch {
      return apiError(c, 400, INVALID_SIGNATURE);
    }
    if (!(await recordStripeEvent(db, event))) return c.json({ received: true, duplicate: true });
    const subscriptionId = subscriptionIdOf(event);
    if (!subscriptionId) return c.json({ received: true });
    try {
      const row = subscriptionRowOf(await payments.stripe.subscriptions.retrieve(subscriptionId));
      if (row) await writeStripeSubscription(db, row);
    } catch (error) {
      // Not handled: Stripe retries the event, and the retry must not be taken for a replay.
      await forgetStripeEvent(db, event.id);
      logger.error(`Stripe event ${event.id} (${event.type}) failed`, error);
      return apiError(c, 500, 'Internal server error');
    }
    return c.json({ received: true });
  });
}

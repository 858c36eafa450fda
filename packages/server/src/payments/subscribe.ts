/**
 * @module Subscribing at Stripe (spec/calls.md §7 createSubscription): the user's customer (made
 * once, kept in stripe_customers) and a subscription to the tier's price for the period, plus its
 * metered overage prices when the tier bills overage, created `default_incomplete` so that the
 * checkout's Payment Element pays its first invoice with the invoice's confirmation secret.
 */
import type { BillingBasis, Membership } from '@doppel/protocol';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps';
import type { StripePayments } from '../providers/stripe';
import { findStripeCustomer, keepStripeCustomer } from '../store/stripe-records';
import { tierPrices } from './catalog';

/** The user's Stripe customer, made at their first checkout. */
export async function customerOf(
  deps: Pick<AppDeps, 'db'>,
  stripe: Stripe,
  user: { id: string; email: string | null },
): Promise<string> {
  const kept = await findStripeCustomer(deps.db, user.id);
  if (kept) return kept;
  const customer = await stripe.customers.create(
    { ...(user.email && { email: user.email }), metadata: { doppel_user_id: user.id } },
    // Two checkouts at once make one customer at Stripe.
    { idempotencyKey: `doppel-customer-${user.id}` },
  );
  return keepStripeCustomer(deps.db, user.id, customer.id);
}

/** The new subscription and its checkout's client secret (null: nothing due); null when the tier's prices are not at Stripe. */
export async function subscribeAtStripe(
  deps: Pick<AppDeps, 'db'>,
  payments: StripePayments,
  input: {
    user: { id: string; email: string | null };
    cloneId: string;
    tier: Membership;
    basis: BillingBasis;
  },
): Promise<{ subscription: Stripe.Subscription; clientSecret: string | null } | null> {
  const { stripe } = payments;
  const prices = await tierPrices(stripe, input.cloneId, input.tier, input.basis);
  if (!prices) return null;
  const customer = await customerOf(deps, stripe, input.user);
  const subscription = await stripe.subscriptions.create({
    customer,
    items: prices.map((price) => ({ price: price.id })),
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: {
      doppel_user_id: input.user.id,
      doppel_clone_id: input.cloneId,
      doppel_instance_id: input.tier.instanceId ?? '',
    },
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = subscription.latest_invoice;
  const clientSecret =
    invoice && typeof invoice !== 'string' && invoice.status === 'open'
      ? (invoice.confirmation_secret?.client_secret ?? null)
      : null;
  return { subscription, clientSecret };
}

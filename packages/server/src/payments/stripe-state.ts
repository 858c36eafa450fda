/**
 * @module A Stripe subscription as this server's row (the subscription row follows Stripe's
 * state): whose it is and for which clone and instance (the metadata written at checkout), the
 * tier and period (the metadata of its base price, so a change made in Stripe's customer portal
 * is read too), the status, the end of the paid period (on the items since API 2025-03-31) and
 * a scheduled cancellation (`cancel_at_period_end`, or the `cancel_at` the portal may set).
 */
import { BillingBasis, SubscriptionStatus } from '@doppel/protocol';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { SubscriptionInput } from '../store/subscriptions';

/** The metadata every subscription made here carries. */
export const SubscriptionMetadata = z.object({
  doppel_user_id: z.uuid(),
  doppel_clone_id: z.uuid(),
  /** '' for the clone itself. */
  doppel_instance_id: z.union([z.uuid(), z.literal('')]).default(''),
});

const BasePriceMetadata = z.object({
  doppel_membership_id: z.string().min(1),
  doppel_basis: BillingBasis,
  doppel_kind: z.literal('base'),
});

/** The subscription's base (licensed) item: the tier's price. */
export function baseItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | null {
  return (
    subscription.items.data.find((item) => BasePriceMetadata.safeParse(item.price.metadata).success) ?? null
  );
}

/** The row for `subscription`, or null when it was not made here (no Doppel metadata). */
export function subscriptionRowOf(
  subscription: Stripe.Subscription,
): (SubscriptionInput & { providerSubscriptionId: string; status: SubscriptionStatus }) | null {
  const owner = SubscriptionMetadata.safeParse(subscription.metadata);
  const item = baseItem(subscription);
  if (!owner.success || !item) return null;
  const tier = BasePriceMetadata.parse(item.price.metadata);
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return {
    userId: owner.data.doppel_user_id,
    cloneId: owner.data.doppel_clone_id,
    instanceId: owner.data.doppel_instance_id || null,
    membershipId: tier.doppel_membership_id,
    basis: tier.doppel_basis,
    status: SubscriptionStatus.parse(subscription.status),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    provider: 'stripe',
    providerCustomerId: customer,
    providerSubscriptionId: subscription.id,
  };
}

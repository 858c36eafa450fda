import type { ActiveSubscription, BillingBasis, Membership } from '@doppel/protocol';

/**
 * Whether a membership card is the signed-in user's current plan: the tier and period of the
 * active subscription; with none, the clone's free tier (priced 0), which is what the user's
 * quota comes from (the server's quota rules: the entitling subscription, else the tier priced 0).
 * Why: issue 9 §15 — the free plan the visitor has says "Current plan".
 */
export function isCurrentPlan(input: {
  activeSubscription: ActiveSubscription | null;
  membership: Pick<Membership, 'id'>;
  basis: BillingBasis;
  price: number | null | undefined;
}): boolean {
  const { activeSubscription: active, price } = input;
  if (active) return active.membership.id === input.membership.id && active.basis === input.basis;
  return price != null && price <= 0;
}

/** @module A stored subscription with its clone and instance → protocol `MySubscription`. */
import { ENTITLING_SUBSCRIPTION_STATUSES, type MySubscription } from '@doppel/protocol';
import type { SubscriptionListing } from '../store/subscriptions';
import { toMemberships } from './membership';

/** Whether the subscription gives its tier at `now`: an entitling status, the period not ended. */
export function isEntitled(
  row: Pick<SubscriptionListing, 'status' | 'current_period_end'>,
  now: Date,
): boolean {
  return (
    ENTITLING_SUBSCRIPTION_STATUSES.includes(row.status) &&
    (row.current_period_end === null || row.current_period_end > now)
  );
}

export function toMySubscription(row: SubscriptionListing, now: Date): MySubscription {
  return {
    id: row.id,
    clone: { slug: row.clone_slug, name: row.clone_name, imageUrl: row.clone_image_url },
    instance:
      row.instance_id && row.instance_slug && row.instance_name
        ? { id: row.instance_id, slug: row.instance_slug, name: row.instance_name }
        : null,
    membershipId: row.membership_id,
    membership: toMemberships(row.clone_memberships).find((m) => m.id === row.membership_id) ?? null,
    basis: row.basis,
    status: row.status,
    entitled: isEntitled(row, now),
    willCancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
    provider: row.provider,
  };
}

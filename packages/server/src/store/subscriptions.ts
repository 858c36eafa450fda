/**
 * @module Subscriptions of users to membership tiers (spec/calls.md §3 "Active subscription";
 * migration 009). Which one gives the user their tier is read by `meteringJoinsSql`; this
 * module writes them (the `doppel subscription` command now, the payment provider's webhooks
 * later) and lists them.
 */
import type { Queryable } from '@doppel/db';
import { BillingBasis, ENTITLING_SUBSCRIPTION_STATUSES, SubscriptionStatus } from '@doppel/protocol';
import { z } from 'zod';

/** A stored subscription, as read back. */
export const SubscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  clone_id: z.string(),
  instance_id: z.string().nullable(),
  membership_id: z.string(),
  basis: BillingBasis,
  status: SubscriptionStatus,
  current_period_end: z.date().nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.string(),
  provider_customer_id: z.string().nullable(),
  provider_subscription_id: z.string().nullable(),
});
export type SubscriptionRow = z.infer<typeof SubscriptionRow>;

const COLUMNS = `id, user_id, clone_id, instance_id, membership_id, basis, status, current_period_end,
  cancel_at_period_end, provider, provider_customer_id, provider_subscription_id`;
const ENTITLING = ENTITLING_SUBSCRIPTION_STATUSES.map((status) => `'${status}'`).join(', ');

/** What `saveSubscription` writes. */
export interface SubscriptionInput {
  userId: string;
  cloneId: string;
  /** The instance the tier belongs to; null for the clone. */
  instanceId: string | null;
  membershipId: string;
  basis: BillingBasis;
  /** Default 'active'. */
  status?: SubscriptionStatus;
  /** The end of the paid period; null: no end. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Default 'manual'. */
  provider?: string;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
}

/**
 * Writes the user's entitling subscription for the clone and instance: the one that exists is
 * updated in place (at most one does: the `subscriptions_entitling` index), else a row is
 * added. A row written with a status that does not entitle (an `incomplete` checkout, say) is
 * added beside it and leaves it alone; `cancelSubscription` ends it.
 */
export async function saveSubscription(db: Queryable, input: SubscriptionInput): Promise<SubscriptionRow> {
  const rows = await db.query(
    `INSERT INTO subscriptions AS s (user_id, clone_id, instance_id, membership_id, basis, status,
       current_period_end, cancel_at_period_end, provider, provider_customer_id, provider_subscription_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (user_id, clone_id, instance_id) WHERE status IN (${ENTITLING}) DO UPDATE SET
       membership_id = excluded.membership_id, basis = excluded.basis, status = excluded.status,
       current_period_end = excluded.current_period_end, cancel_at_period_end = excluded.cancel_at_period_end,
       provider = excluded.provider, provider_customer_id = excluded.provider_customer_id,
       provider_subscription_id = excluded.provider_subscription_id, updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      input.userId,
      input.cloneId,
      input.instanceId,
      input.membershipId,
      input.basis,
      input.status ?? 'active',
      input.currentPeriodEnd,
      input.cancelAtPeriodEnd,
      input.provider ?? 'manual',
      input.providerCustomerId ?? null,
      input.providerSubscriptionId ?? null,
    ],
  );
  return SubscriptionRow.parse(rows[0]);
}

/**
 * Ends the user's entitling subscription for the clone and instance now (status 'canceled'):
 * the free tier applies from the next request. Answers the canceled row, or null when there
 * was none.
 */
export async function cancelSubscription(
  db: Queryable,
  input: { userId: string; cloneId: string; instanceId: string | null },
): Promise<SubscriptionRow | null> {
  const rows = await db.query(
    `UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = false, updated_at = now()
     WHERE user_id = $1 AND clone_id = $2 AND instance_id IS NOT DISTINCT FROM $3::uuid
       AND status IN (${ENTITLING})
     RETURNING ${COLUMNS}`,
    [input.userId, input.cloneId, input.instanceId],
  );
  return rows[0] ? SubscriptionRow.parse(rows[0]) : null;
}

/** The user's subscriptions to the clone, newest first. */
export async function listSubscriptions(
  db: Queryable,
  input: { userId: string; cloneId: string },
): Promise<SubscriptionRow[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1 AND clone_id = $2 ORDER BY created_at DESC, id`,
    [input.userId, input.cloneId],
  );
  return z.array(SubscriptionRow).parse(rows);
}

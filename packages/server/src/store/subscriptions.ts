/**
 * @module Subscriptions of users to membership tiers (spec/calls.md §3 "Active subscription";
 * migration 009). Which one gives the user their tier is read by `meteringJoinsSql`; this
 * module writes them (the `doppel subscription` command now, the payment provider's webhooks
 * later) and lists them.
 */
import type { Db, Queryable } from '@doppel/db';
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

/** The user's subscription `id`, or null when there is none such or it is another user's. */
export async function findUserSubscription(
  db: Queryable,
  input: { id: string; userId: string },
): Promise<SubscriptionRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM subscriptions WHERE id = $1::uuid AND user_id = $2`, [
    input.id,
    input.userId,
  ]);
  return rows[0] ? SubscriptionRow.parse(rows[0]) : null;
}

/** The subscription Stripe knows as `providerSubscriptionId`, or null. */
export async function findStripeSubscription(
  db: Queryable,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM subscriptions WHERE provider_subscription_id = $1`, [
    providerSubscriptionId,
  ]);
  return rows[0] ? SubscriptionRow.parse(rows[0]) : null;
}

/**
 * Sets the row of a Stripe subscription to Stripe's state: updated in place when known, else
 * added. When it entitles, any other entitling subscription of the user to the same clone and
 * instance (one set by hand, say) ends first: at most one gives the tier, and it is Stripe's.
 */
export async function writeStripeSubscription(
  db: Db,
  input: SubscriptionInput & { providerSubscriptionId: string; status: SubscriptionStatus },
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    if (ENTITLING_SUBSCRIPTION_STATUSES.includes(input.status)) {
      await tx.query(
        `UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = false, updated_at = now()
         WHERE user_id = $1 AND clone_id = $2 AND instance_id IS NOT DISTINCT FROM $3::uuid
           AND status IN (${ENTITLING}) AND provider_subscription_id IS DISTINCT FROM $4`,
        [input.userId, input.cloneId, input.instanceId, input.providerSubscriptionId],
      );
    }
    const values = [
      input.userId,
      input.cloneId,
      input.instanceId,
      input.membershipId,
      input.basis,
      input.status,
      input.currentPeriodEnd,
      input.cancelAtPeriodEnd,
      input.providerCustomerId ?? null,
      input.providerSubscriptionId,
    ];
    const updated = await tx.query(
      `UPDATE subscriptions SET membership_id = $4, basis = $5, status = $6, current_period_end = $7,
         cancel_at_period_end = $8, provider_customer_id = $9, updated_at = now()
       WHERE provider_subscription_id = $10 AND user_id = $1 AND clone_id = $2
         AND instance_id IS NOT DISTINCT FROM $3::uuid
       RETURNING ${COLUMNS}`,
      values,
    );
    if (updated[0]) return SubscriptionRow.parse(updated[0]);
    const inserted = await tx.query(
      `INSERT INTO subscriptions (user_id, clone_id, instance_id, membership_id, basis, status,
         current_period_end, cancel_at_period_end, provider, provider_customer_id, provider_subscription_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'stripe', $9, $10)
       RETURNING ${COLUMNS}`,
      values,
    );
    return SubscriptionRow.parse(inserted[0]);
  });
}

/** A subscription with what the Subscriptions page shows of its clone, instance and tiers. */
export const SubscriptionListing = SubscriptionRow.extend({
  clone_slug: z.string(),
  clone_name: z.string(),
  clone_image_url: z.string().nullable(),
  clone_memberships: z.unknown(),
  instance_slug: z.string().nullable(),
  instance_name: z.string().nullable(),
});
export type SubscriptionListing = z.infer<typeof SubscriptionListing>;

const LISTING = `SELECT ${COLUMNS.split(',')
  .map((column) => `s.${column.trim()}`)
  .join(', ')}, c.slug AS clone_slug, c.name AS clone_name, c.image_url AS clone_image_url,
  c.memberships AS clone_memberships, i.slug AS instance_slug, i.name AS instance_name
  FROM subscriptions s JOIN clones c ON c.id = s.clone_id
  LEFT JOIN clone_instances i ON i.id = s.instance_id`;

/** The user's subscriptions to every clone (or the one `id`), newest first. */
export async function listUserSubscriptions(
  db: Queryable,
  input: { userId: string; id?: string },
): Promise<SubscriptionListing[]> {
  const rows = input.id
    ? await db.query(`${LISTING} WHERE s.user_id = $1 AND s.id = $2::uuid`, [input.userId, input.id])
    : await db.query(`${LISTING} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id`, [input.userId]);
  return z.array(SubscriptionListing).parse(rows);
}

/**
 * @module What this server keeps about Stripe (migration 060): each user's Stripe customer, the
 * webhook events already handled (by id: a replay changes nothing twice) and the overage units
 * already reported to Stripe's meters.
 */
import type { Db, Queryable } from '@doppel/db';
import type { MeteredResource } from '@doppel/protocol';
import { z } from 'zod';

/** The user's Stripe customer id, or null before their first checkout. */
export async function findStripeCustomer(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query('SELECT customer_id FROM stripe_customers WHERE user_id = $1', [userId]);
  return rows[0] ? z.object({ customer_id: z.string() }).parse(rows[0]).customer_id : null;
}

/**
 * Keeps `customerId` as the user's customer unless one was kept meanwhile (two checkouts at
 * once); answers the one kept.
 */
export async function keepStripeCustomer(db: Queryable, userId: string, customerId: string): Promise<string> {
  await db.query(
    'INSERT INTO stripe_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
    [userId, customerId],
  );
  const kept = await findStripeCustomer(db, userId);
  if (!kept) throw new Error('the Stripe customer was not kept');
  return kept;
}

/** Records a webhook event; false when it was handled before (a replay). */
export async function recordStripeEvent(
  db: Queryable,
  event: { id: string; type: string },
): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
    [event.id, event.type],
  );
  return rows.length === 1;
}

/** Forgets an event whose handling failed, so that Stripe's retry is handled again. */
export async function forgetStripeEvent(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM stripe_events WHERE id = $1', [id]);
}

/**
 * Raises the units reported for the subscription, period and resource to `total`; answers the
 * units reported before and the units added (0 when `total` was already reported). The row is
 * locked meanwhile, so concurrent reports never add the same units twice.
 */
export async function raiseOverageReported(
  db: Db,
  input: { subscriptionId: string; period: string; resource: MeteredResource; total: number },
): Promise<{ from: number; added: number }> {
  const key = [input.subscriptionId, input.period, input.resource];
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO stripe_overage_reports (subscription_id, period, resource) VALUES ($1, $2, $3)
       ON CONFLICT (subscription_id, period, resource) DO NOTHING`,
      key,
    );
    const rows = await tx.query(
      `SELECT reported FROM stripe_overage_reports WHERE subscription_id = $1 AND period = $2 AND resource = $3
       FOR UPDATE`,
      key,
    );
    const from = z.object({ reported: z.number() }).parse(rows[0]).reported;
    if (from >= input.total) return { from, added: 0 };
    await tx.query(
      'UPDATE stripe_overage_reports SET reported = $4 WHERE subscription_id = $1 AND period = $2 AND resource = $3',
      [...key, input.total],
    );
    return { from, added: input.total - from };
  });
}

/** Takes back units whose report to Stripe failed, so that the next report sends them. */
export async function lowerOverageReported(
  db: Queryable,
  input: { subscriptionId: string; period: string; resource: MeteredResource; total: number },
): Promise<void> {
  await db.query(
    `UPDATE stripe_overage_reports SET reported = $4
     WHERE subscription_id = $1 AND period = $2 AND resource = $3 AND reported > $4`,
    [input.subscriptionId, input.period, input.resource, input.total],
  );
}

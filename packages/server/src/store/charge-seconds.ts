/**
 * @module Charging call time (voice or video seconds) against the caller's monthly quota, for
 * the call routes (DESIGN §2 "Metering": concurrent use never exceeds a quota).
 *
 * One short transaction: the caller's limit is read with the same SQL as a message's
 * (`chargeLimitSql` over `meteringJoinsSql`); the counter row is made to exist, then locked
 * (`FOR UPDATE`), so concurrent charges of one subject queue on it and each sees what the
 * previous one left; core `grantable` decides how much is granted; only that much is added.
 * A charge that asks for more than is left is granted up to the quota (a partial grant: the
 * call has used that time, and the caller stops it since the quota is now exhausted —
 * spec/calls.md §4). A refusal (nothing left, or a quota of 0) writes nothing.
 */
import { grantable } from '@doppel/core';
import type { Db } from '@doppel/db';
import type { MeteredResource } from '@doppel/protocol';
import { z } from 'zod';
import { usagePeriod } from '../usage/period';
import { chargeLimitSql } from './charge-limit-sql';
import { meteringJoinsSql } from './metering-joins-sql';
import { usageSubject } from './usage-counters';

/** The resources metered in seconds. */
export type SecondsResource = Exclude<MeteredResource, 'messages'>;

/** Who is charged, where, and how many seconds. */
export interface ChargeSecondsInput {
  resource: SecondsResource;
  /** The signed-in user, else null: the visitor's counter and the anonymous quota apply. */
  userId: string | null;
  visitorId: string;
  cloneId: string;
  /** The instance in use; null for the clone itself. */
  instanceId: string | null;
  /** Whole seconds of call time to charge, above 0. */
  seconds: number;
  /** The app's clock: the month charged, and whether a paid period has ended. */
  now: Date;
}

/** What a seconds charge did. */
export type SecondsCharge =
  /** `granted` seconds were added (fewer than asked when the quota ran out); `used` after it. */
  | { status: 'charged'; granted: number; used: number; limit: number }
  /** Nothing is left under `limit`; nothing was written. */
  | { status: 'refused'; used: number; limit: number }
  /** No such clone. */
  | { status: 'not-found' };

const LimitRow = z.object({ charge_limit: z.number().int() });
const UsedRow = z.object({ used: z.number().int() });

const limitSql = (resource: SecondsResource) =>
  // FREE_MESSAGES_PER_MONTH is read for messages only: no call time without a tier.
  `SELECT ${chargeLimitSql(resource, { user: '$1', freeMessages: 'NULL' })} AS charge_limit
   FROM clones c ${meteringJoinsSql({ user: '$1', instance: '$3', now: '$4' })}
   WHERE c.id = $2`;

/** Charges call seconds atomically; see the module header for partial grants and refusals. */
export async function chargeSeconds(db: Db, input: ChargeSecondsInput): Promise<SecondsCharge> {
  const { resource, seconds } = input;
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new RangeError(`chargeSeconds: seconds must be a whole number above 0, not ${seconds}`);
  }
  const key = [
    usageSubject(input.userId, input.visitorId),
    input.cloneId,
    input.instanceId ?? '',
    usagePeriod(input.now),
  ];
  return db.transaction(async (tx) => {
    const limits = await tx.query(limitSql(resource), [
      input.userId,
      input.cloneId,
      input.instanceId,
      input.now,
    ]);
    if (!limits[0]) return { status: 'not-found' };
    const limit = LimitRow.parse(limits[0]).charge_limit;
    if (limit !== 0) {
      // The row must exist to be locked; an empty one changes no answer.
      await tx.query(
        `INSERT INTO usage_counters (subject, clone_id, instance_key, period) VALUES ($1, $2, $3, $4::date)
         ON CONFLICT (subject, clone_id, instance_key, period) DO NOTHING`,
        key,
      );
    }
    const locked = await tx.query(
      `SELECT ${resource} AS used FROM usage_counters
       WHERE subject = $1 AND clone_id = $2 AND instance_key = $3 AND period = $4::date FOR UPDATE`,
      key,
    );
    const used = locked[0] ? UsedRow.parse(locked[0]).used : 0;
    const granted = grantable({ quota: limit, used, overage: false }, seconds);
    if (granted === 0) return { status: 'refused', used, limit };
    await tx.query(
      `UPDATE usage_counters SET ${resource} = ${resource} + $5
       WHERE subject = $1 AND clone_id = $2 AND instance_key = $3 AND period = $4::date`,
      [...key, granted],
    );
    return { status: 'charged', granted, used: used + granted, limit };
  });
}

/**
 * Gives back seconds charged for a call that never started (the provider had no room for it):
 * the counter goes down by at most what it holds, so a refund never makes time out of nothing.
 */
export async function refundSeconds(db: Db, input: ChargeSecondsInput): Promise<void> {
  const { resource, seconds } = input;
  if (!Number.isInteger(seconds) || seconds <= 0) return;
  await db.query(
    `UPDATE usage_counters SET ${resource} = GREATEST(${resource} - $5, 0)
     WHERE subject = $1 AND clone_id = $2 AND instance_key = $3 AND period = $4::date`,
    [
      usageSubject(input.userId, input.visitorId),
      input.cloneId,
      input.instanceId ?? '',
      usagePeriod(input.now),
      seconds,
    ],
  );
}

/**
 * @module What the quota rule needs about a clone and the caller, in one round trip: the
 * clone's options, anonymous quota and tiers, the instance asked for, and the signed-in user's
 * relationship and entitling subscription (read through `meteringJoinsSql`, as the charges do).
 */
import type { Queryable } from '@doppel/db';
import {
  type ActiveSubscription,
  BillingBasis,
  CloneOptions,
  Monetization,
  RelationshipType,
} from '@doppel/protocol';
import { z } from 'zod';
import { toMemberships } from '../mappers/membership';
import type { QuotaFacts } from '../usage/quotas';
import { meteringJoinsSql } from './metering-joins-sql';

const FactsRow = z.object({
  id: z.string(),
  options: z.unknown(),
  monetization: z.unknown(),
  memberships: z.unknown(),
  instance_id: z.string().nullable(),
  relationship_type: RelationshipType.nullable(),
  overage_enabled: z.boolean().nullable(),
  subscription_id: z.string().nullable(),
  subscription_provider: z.string().nullable(),
  subscribed_membership_id: z.string().nullable(),
  subscribed_instance_id: z.string().nullable(),
  basis: BillingBasis.nullable(),
  cancel_at_period_end: z.boolean().nullable(),
});

/** The instance being used: by its slug (`?instance=`), its id (a conversation's), or none. */
export type InstanceRef = { slug: string } | { id: string } | null;

/** The clone, the instance asked for, and the quota facts of the caller. */
export interface CloneQuotaFacts {
  cloneId: string;
  options: CloneOptions;
  /** The instance's id; null for the clone itself. */
  instanceId: string | null;
  /** An instance was asked for and the clone has none such. */
  instanceMissing: boolean;
  facts: QuotaFacts;
}

const SQL = `SELECT c.id, c.options, c.monetization, c.memberships, i.id AS instance_id,
       r.type AS relationship_type, r.overage_enabled, sub.id AS subscription_id, sub.provider AS subscription_provider, sub.membership_id AS subscribed_membership_id,
       sub.instance_id AS subscribed_instance_id, sub.basis, sub.cancel_at_period_end
     FROM clones c
     LEFT JOIN clone_instances i ON i.clone_id = c.id AND (i.slug = $3 OR i.id = $4::uuid)
     ${meteringJoinsSql({ user: '$2', instance: 'i.id', now: '$5' })}
     WHERE c.slug = $1`;

/** Null when there is no clone `slug`. `now` decides whether a paid period has ended. */
export async function loadQuotaFacts(
  db: Queryable,
  input: {
    slug: string;
    userId: string | null;
    instance: InstanceRef;
    now: Date;
    freeMessagesPerMonth: number;
  },
): Promise<CloneQuotaFacts | null> {
  const ref = input.instance;
  const rows = await db.query(SQL, [
    input.slug,
    input.userId,
    ref && 'slug' in ref ? ref.slug : null,
    ref && 'id' in ref ? ref.id : null,
    input.now,
  ]);
  if (!rows[0]) return null;
  const row = FactsRow.parse(rows[0]);
  const options = CloneOptions.parse(row.options ?? {});
  const subscription: ActiveSubscription | null =
    row.subscription_id !== null && row.subscribed_membership_id !== null && row.basis !== null
      ? {
          id: row.subscription_id,
          membership: { id: row.subscribed_membership_id, instanceId: row.subscribed_instance_id },
          basis: row.basis,
          willCancelAtPeriodEnd: row.cancel_at_period_end ?? false,
        }
      : null;
  return {
    cloneId: row.id,
    options,
    instanceId: row.instance_id,
    instanceMissing: ref !== null && row.instance_id === null,
    facts: {
      signedIn: input.userId !== null,
      options,
      monetization: Monetization.parse(row.monetization ?? {}),
      memberships: toMemberships(row.memberships),
      relationship: row.relationship_type
        ? { type: row.relationship_type, overageEnabled: row.overage_enabled ?? false }
        : null,
      subscription,
      subscriptionProvider: row.subscription_provider,
      freeMessagesPerMonth: input.freeMessagesPerMonth,
    },
  };
}

/**
 * @module What the quota rule needs about a clone and the caller, in one round trip: the
 * clone's options, anonymous quota and tiers, and the signed-in user's relationship with it.
 */
import type { Queryable } from '@doppel/db';
import { CloneOptions, Monetization, RelationshipType } from '@doppel/protocol';
import { z } from 'zod';
import { toMemberships } from '../mappers/membership';
import type { QuotaFacts } from '../usage/quotas';

const FactsRow = z.object({
  id: z.string(),
  options: z.unknown(),
  monetization: z.unknown(),
  memberships: z.unknown(),
  relationship_type: RelationshipType.nullable(),
  membership_id: z.string().nullable(),
  overage_enabled: z.boolean().nullable(),
});

export interface CloneQuotaFacts {
  cloneId: string;
  options: CloneOptions;
  facts: QuotaFacts;
}

/** Null when there is no clone `slug`. */
export async function loadQuotaFacts(
  db: Queryable,
  input: { slug: string; userId: string | null; freeMessagesPerMonth: number },
): Promise<CloneQuotaFacts | null> {
  const rows = await db.query(
    `SELECT c.id, c.options, c.monetization, c.memberships, r.type AS relationship_type, r.membership_id,
       r.overage_enabled
     FROM clones c LEFT JOIN relationships r ON r.clone_id = c.id AND r.user_id = $2::uuid
     WHERE c.slug = $1`,
    [input.slug, input.userId],
  );
  if (!rows[0]) return null;
  const row = FactsRow.parse(rows[0]);
  const options = CloneOptions.parse(row.options ?? {});
  return {
    cloneId: row.id,
    options,
    facts: {
      signedIn: input.userId !== null,
      options,
      monetization: Monetization.parse(row.monetization ?? {}),
      memberships: toMemberships(row.memberships),
      relationship: row.relationship_type
        ? {
            type: row.relationship_type,
            membershipId: row.membership_id,
            overageEnabled: row.overage_enabled ?? false,
          }
        : null,
      freeMessagesPerMonth: input.freeMessagesPerMonth,
    },
  };
}

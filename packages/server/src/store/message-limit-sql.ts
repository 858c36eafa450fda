/**
 * @module The message limit of usage/quotas.ts (`messageLimit(quotasFor(facts))`) as a SQL
 * expression, so that a send reads the clone's quota, the caller's relationship and charges the
 * counter in the one statement that stores the message (one round trip: DESIGN §4 speed).
 * quotas.test.ts checks both against the same cases; change them together.
 */
import { UNLIMITED_MESSAGES_ABOVE } from '@doppel/protocol';

/** A tier's monthly messages: -1 or above 99,999 is unlimited (spec/calls.md §9). */
const allowance = (expression: string) =>
  `(SELECT CASE WHEN n = -1 OR n > ${UNLIMITED_MESSAGES_ABOVE} THEN -1 ELSE n END FROM (SELECT ${expression} AS n) a)`;

/**
 * The count the caller's counter may reach; -1 when nothing stops it. `c` is the clone row, `r`
 * the caller's relationship row (LEFT JOINed: all NULL when there is none), `user` the caller's
 * user id placeholder (NULL: an anonymous visitor), `free` FREE_MESSAGES_PER_MONTH's.
 */
export function messageLimitSql(user: string, free: string): string {
  const paid = `(SELECT (m->>'includedMessagesPerMonth')::int FROM jsonb_array_elements(c.memberships) m
      WHERE m->>'id' = r.membership_id LIMIT 1)`;
  const freeTier = `(SELECT (m->>'includedMessagesPerMonth')::int
      FROM jsonb_array_elements(c.memberships) WITH ORDINALITY e(m, i)
      WHERE (m->>'basePrice')::numeric = 0 ORDER BY i LIMIT 1)`;
  return `CASE
      WHEN NOT COALESCE((c.options->>'requireEmail')::boolean, true) THEN -1
      WHEN ${user}::uuid IS NULL THEN COALESCE((c.monetization->'anonymous_quota'->>'messages')::int, 10)
      WHEN r.type IN ('CREATOR', 'CONTRIBUTOR') THEN -1
      WHEN COALESCE(r.overage_enabled, false) THEN -1
      ELSE ${allowance(`COALESCE(${paid}, ${freeTier}, ${free}::int)`)}
    END`;
}

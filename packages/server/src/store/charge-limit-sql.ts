/**
 * @module The charge limit of usage/quotas.ts (`chargeLimitOf(quotasFor(facts), resource)`) as
 * a SQL expression, one builder for the three metered resources, so that a charge reads the
 * clone's quota, the caller's relationship and subscription and charges the counter in one
 * statement (for a message, the one that stores it: DESIGN §4 speed). quotas.test.ts checks
 * both against the same case table for every resource; change them together.
 */
import {
  CloneOptions,
  type MeteredResource,
  Monetization,
  OWNER_RELATIONSHIPS,
  SECONDS_PER_MINUTE,
  UNLIMITED,
  UNLIMITED_MESSAGES_ABOVE,
} from '@doppel/protocol';

/** The defaults the protocol schemas fill in for a clone that leaves these out. */
const REQUIRE_EMAIL = CloneOptions.parse({}).requireEmail;
const ANONYMOUS = Monetization.parse({}).anonymous_quota;
const OWNERS = OWNER_RELATIONSHIPS.map((type) => `'${type}'`).join(', ');

/** core `secondsOfMinutes`: minutes × 60 to the nearest second (a fraction allowed), -1 stays -1. */
const seconds = (minutes: string) =>
  `(SELECT CASE WHEN n = ${UNLIMITED} THEN ${UNLIMITED} ELSE round(n * ${SECONDS_PER_MINUTE})::int END FROM (SELECT (${minutes})::numeric AS n) a)`;

/** core `tierQuota` for messages: -1 or above 99,999 is unlimited (spec/calls.md §9). */
const messages = (perMonth: string) =>
  `(SELECT CASE WHEN n = ${UNLIMITED} OR n > ${UNLIMITED_MESSAGES_ABOVE} THEN ${UNLIMITED} ELSE n END FROM (SELECT ${perMonth} AS n) a)`;

/** core `anonymousQuota`: the clone's anonymous_quota, minutes as seconds. */
function anonymousSql(resource: MeteredResource): string {
  // Call minutes may be a fraction (protocol AnonymousQuota); messages are whole.
  const field = (name: keyof typeof ANONYMOUS) =>
    `COALESCE((c.monetization->'anonymous_quota'->>'${name}')::${name === 'messages' ? 'int' : 'numeric'}, ${ANONYMOUS[name]})`;
  if (resource === 'voice_seconds') return seconds(field('voice_minutes'));
  if (resource === 'video_seconds') return seconds(field('video_minutes'));
  return field('messages');
}

/** core `tierQuota` of `tier.tier`; with no tier, FREE_MESSAGES_PER_MONTH and no call time. */
function tierSql(resource: MeteredResource, freeMessages: string): string {
  if (resource === 'messages') {
    return messages(`COALESCE((tier.tier->>'includedMessagesPerMonth')::int, ${freeMessages}::int)`);
  }
  const [enabled, minutes] =
    resource === 'voice_seconds'
      ? ['voiceEnabled', 'includedMinutesPerMonth']
      : ['videoEnabled', 'includedVideoMinutesPerMonth'];
  return `CASE WHEN COALESCE((tier.tier->>'${enabled}')::boolean, false)
      THEN ${seconds(`(tier.tier->>'${minutes}')::int`)} ELSE 0 END`;
}

/**
 * The amount of `resource` the caller's counter may reach; -1 when nothing stops it. Reads the
 * aliases of `meteringJoinsSql` (`c`, `r`, `sub`, `tier`). `user` is the caller's user id expression
 * (NULL: an anonymous visitor), `freeMessages` FREE_MESSAGES_PER_MONTH's.
 */
export function chargeLimitSql(
  resource: MeteredResource,
  { user, freeMessages }: { user: string; freeMessages: string },
): string {
  return `CASE
      WHEN NOT COALESCE((c.options->>'requireEmail')::boolean, ${REQUIRE_EMAIL}) THEN ${UNLIMITED}
      WHEN ${user}::uuid IS NULL THEN ${anonymousSql(resource)}
      WHEN r.type IN (${OWNERS}) THEN ${UNLIMITED}
      WHEN COALESCE(r.overage_enabled, false) THEN ${UNLIMITED}
      WHEN sub.provider = 'stripe' AND tier.tier->>'id' = sub.membership_id
        AND jsonb_typeof(tier.tier->'overage') = 'object' THEN ${UNLIMITED}
      ELSE ${tierSql(resource, freeMessages)}
    END`;
}

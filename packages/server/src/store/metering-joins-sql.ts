/**
 * @module The joins every metering statement makes after `FROM clones c` (DESIGN §2
 * "Metering"): the caller's relationship with the clone (`r`), their entitling subscription
 * (`sub`) and the tier it gives (`tier`). The quota facts loader and the charges (messages in
 * `accept-message.ts`, seconds in `charge-seconds.ts`) all read them through this one builder,
 * so which subscription counts is decided in one place.
 */
import { ENTITLING_SUBSCRIPTION_STATUSES } from '@doppel/protocol';

/** SQL expressions (placeholders or columns) the joins read. */
export interface MeteringJoinParams {
  /** The signed-in user's id, or an expression that is NULL for a visitor. */
  user: string;
  /** The instance id being used, NULL for the clone itself. */
  instance: string;
  /** The time that decides whether a paid period has ended (the app's clock). */
  now: string;
}

const ENTITLING = ENTITLING_SUBSCRIPTION_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * LEFT JOINs adding `r` (relationships row; all NULL when none), `sub` (the entitling
 * subscription: status in ENTITLING_SUBSCRIPTION_STATUSES, period not ended; the instance's
 * own before the clone's) and `tier.tier` (the jsonb tier of clones.memberships that applies:
 * the subscribed one if the clone still has it, else its first tier priced 0, else NULL).
 */
export function meteringJoinsSql({ user, instance, now }: MeteringJoinParams): string {
  return `LEFT JOIN relationships r ON r.clone_id = c.id AND r.user_id = ${user}::uuid
     LEFT JOIN LATERAL (
       SELECT x.id, x.membership_id, x.instance_id, x.provider, x.basis, x.cancel_at_period_end FROM subscriptions x
       WHERE x.user_id = ${user}::uuid AND x.clone_id = c.id
         AND (x.instance_id IS NULL OR x.instance_id = ${instance}::uuid)
         AND x.status IN (${ENTITLING})
         AND (x.current_period_end IS NULL OR x.current_period_end > ${now}::timestamptz)
       ORDER BY x.instance_id IS NULL LIMIT 1
     ) sub ON true
     LEFT JOIN LATERAL (
       SELECT COALESCE(
         (SELECT m FROM jsonb_array_elements(c.memberships) m WHERE m->>'id' = sub.membership_id LIMIT 1),
         (SELECT m FROM jsonb_array_elements(c.memberships) WITH ORDINALITY e(m, i)
          WHERE (m->>'basePrice')::numeric = 0 ORDER BY i LIMIT 1)
       ) AS tier
     ) tier ON true`;
}

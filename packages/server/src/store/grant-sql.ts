/**
 * @module core `grantable` as a SQL expression, for a charge made inside one statement (a
 * message is charged in the statement that stores it). quotas.test.ts checks it against
 * `grantable` on a grid of limits, counts and amounts.
 */
import { UNLIMITED } from '@doppel/protocol';

/**
 * How much of `amount` a counter at `used` may still take under `limit` (a charge limit: -1
 * when nothing stops it): all of it when unlimited, else what is left below the limit, never
 * below 0. Arguments are SQL expressions.
 */
export function grantSql(limit: string, used: string, amount: string): string {
  return `(CASE WHEN NOT (${amount} > 0) THEN 0 WHEN ${limit} = ${UNLIMITED} THEN ${amount}
      ELSE GREATEST(0, LEAST(${amount}, ${limit} - ${used})) END)`;
}

/**
 * @module `doppel payments sync [SLUG]`: makes the memberships of clone.json buyable at Stripe —
 * a product per tier, a price per tier and period, and the meters and metered prices of tiers
 * that bill overage (payments/catalog.ts). Idempotent: a second run makes nothing; a changed
 * price makes a new price, which takes the lookup key over, and new checkouts use it.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import type { Config } from '../config';
import { toMemberships } from '../mappers/membership';
import { syncCatalog } from '../payments/catalog';
import { stripeProvider } from '../providers/stripe';
import type { CliIo } from './run-cli';

export interface PaymentsCommand {
  action: 'sync';
  /** One clone; none: every clone. */
  slug: string | null;
}

export const PAYMENTS_USAGE = `  payments sync [SLUG]
               Create the membership tiers' products and prices at Stripe from clone.json
               (every clone, or SLUG). Needs STRIPE_SECRET_KEY; running it again makes nothing.`;

/** `payments sync [SLUG]`; a string is the usage problem. */
export function parsePaymentsCommand(args: readonly string[]): PaymentsCommand | string {
  const [action, slug, ...extra] = args;
  if (action !== 'sync') return 'the payments command is sync';
  if (extra.length > 0 || slug?.startsWith('--')) return 'give at most one clone slug';
  return { action, slug: slug ?? null };
}

const CloneRow = z.object({ id: z.string(), slug: z.string(), name: z.string(), memberships: z.unknown() });

export async function runPaymentsCommand(
  db: Queryable,
  command: PaymentsCommand,
  io: CliIo,
  config: Pick<Config, 'stripe'>,
): Promise<number> {
  const payments = stripeProvider.create(config.stripe, {});
  if (!payments) {
    io.err(
      'doppel payments: Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)',
    );
    return 1;
  }
  const rows = z
    .array(CloneRow)
    .parse(
      command.slug
        ? await db.query('SELECT id, slug, name, memberships FROM clones WHERE slug = $1', [command.slug])
        : await db.query('SELECT id, slug, name, memberships FROM clones ORDER BY slug'),
    );
  if (command.slug && rows.length === 0) {
    io.err(`doppel payments: no clone "${command.slug}"`);
    return 1;
  }
  for (const row of rows) {
    const memberships = toMemberships(row.memberships);
    const made = await syncCatalog(payments.stripe, { id: row.id, name: row.name, memberships });
    io.out(
      `${row.slug}: ${memberships.length} tiers; ${made.products} products and ${made.prices} prices created at Stripe`,
    );
  }
  return 0;
}

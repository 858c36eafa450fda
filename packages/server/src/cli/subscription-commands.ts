/**
 * @module `doppel subscription set|cancel`: give a user a membership tier of a clone by hand, or
 * end it — for the person who runs the server while payments are not set up, and for support
 * (a comped membership). Writes the subscriptions table the quotas read (DESIGN §2 "Metering").
 */
import { canShowMembership } from '@doppel/core';
import type { Queryable } from '@doppel/db';
import {
  type BillingBasis,
  EmailAddress,
  OWN_CLONE_SUBSCRIBE_TOOLTIP,
  OWNER_RELATIONSHIPS,
} from '@doppel/protocol';
import { loadQuotaFacts } from '../store/quota-facts';
import { cancelSubscription, saveSubscription } from '../store/subscriptions';
import { upsertUserByEmail } from '../store/users';
import type { CliIo } from './run-cli';

/** A parsed `doppel subscription` command. */
export type SubscriptionCommand =
  | {
      action: 'set';
      email: string;
      slug: string;
      membershipId: string;
      instance?: string;
      basis: BillingBasis;
      /** The end of the paid period; none: until canceled. */
      until?: Date;
      cancelAtPeriodEnd: boolean;
    }
  | { action: 'cancel'; email: string; slug: string; instance?: string };

/** The commands' lines in `doppel help`. */
export const SUBSCRIPTION_USAGE = `  subscription set EMAIL SLUG TIER [--yearly] [--instance INSTANCE] [--until YYYY-MM-DD]
               [--cancel-at-period-end]
               Subscribe a user to a membership tier of a clone (the tier's id in clone.json),
               creating the user when needed; replaces their current subscription. Without
               --until it runs until canceled; --cancel-at-period-end marks it as ending then.
  subscription cancel EMAIL SLUG [--instance INSTANCE]
               End the user's subscription now: the free tier applies again.`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `subscription set|cancel …`; a string is the usage problem. */
export function parseSubscriptionCommand(args: readonly string[]): SubscriptionCommand | string {
  const [action, ...rest] = args;
  if (action !== 'set' && action !== 'cancel') return 'the subscription commands are set and cancel';
  const positional: string[] = [];
  let instance: string | undefined;
  let until: Date | undefined;
  let yearly = false;
  let cancelAtPeriodEnd = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (arg === '--instance' || arg === '--until') {
      const value = rest[++i];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`;
      if (arg === '--instance') instance = value;
      else if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        return `--until takes a date like 2030-12-31, not "${value}"`;
      } else until = new Date(`${value}T00:00:00Z`);
    } else if (arg === '--yearly' && action === 'set') yearly = true;
    else if (arg === '--cancel-at-period-end' && action === 'set') cancelAtPeriodEnd = true;
    else if (arg.startsWith('--')) return `unknown option "${arg}"`;
    else positional.push(arg);
  }
  const wanted = action === 'set' ? 3 : 2;
  if (positional.length !== wanted) {
    return action === 'set'
      ? 'give an e-mail address, a clone slug and a membership tier id'
      : 'give an e-mail address and a clone slug';
  }
  const [raw = '', slug = '', membershipId = ''] = positional;
  const email = EmailAddress.safeParse(raw);
  if (!email.success) return `"${raw}" is not an e-mail address`;
  const common = { email: email.data, slug, ...(instance !== undefined && { instance }) };
  if (action === 'cancel') return { action, ...common };
  return {
    action,
    ...common,
    membershipId,
    basis: yearly ? 'yearly' : 'monthly',
    ...(until && { until }),
    cancelAtPeriodEnd,
  };
}

/** Applies the command; answers the exit code (0 done, 1 refused). */
export async function runSubscriptionCommand(
  db: Queryable,
  command: SubscriptionCommand,
  io: CliIo,
  now: Date = new Date(),
): Promise<number> {
  const fail = (reason: string) => {
    io.err(`doppel subscription: ${reason}`);
    return 1;
  };
  const user = await upsertUserByEmail(db, command.email);
  const clone = await loadQuotaFacts(db, {
    slug: command.slug,
    userId: user.id,
    instance: command.instance ? { slug: command.instance } : null,
    now,
    freeMessagesPerMonth: 0,
  });
  if (!clone) return fail(`there is no clone "${command.slug}"`);
  if (clone.instanceMissing) return fail(`"${command.slug}" has no instance "${command.instance}"`);
  const target = { userId: user.id, cloneId: clone.cloneId, instanceId: clone.instanceId };
  const where = `"${command.slug}"${command.instance ? ` (instance "${command.instance}")` : ''}`;
  if (command.action === 'cancel') {
    const canceled = await cancelSubscription(db, target);
    if (!canceled) return fail(`${user.email} has no subscription to ${where}`);
    io.out(`${user.email} is no longer subscribed to ${where}; the free tier applies.`);
    return 0;
  }
  const tier = clone.facts.memberships.find((m) => m.id === command.membershipId);
  if (!tier) {
    const ids = clone.facts.memberships.map((m) => m.id).join(', ') || 'none';
    return fail(`"${command.slug}" has no membership "${command.membershipId}" (its tiers: ${ids})`);
  }
  // spec/calls.md §5: creators and contributors cannot subscribe to their own clone.
  const relationship = clone.facts.relationship?.type;
  if (relationship && OWNER_RELATIONSHIPS.includes(relationship)) return fail(OWN_CLONE_SUBSCRIBE_TOOLTIP);
  // spec/calls.md §5 / §9: no plan without a price for the period; a yearly one needs it above 0.
  if (!canShowMembership(tier, command.basis)) return fail(`"${tier.id}" has no ${command.basis} price`);
  await saveSubscription(db, {
    ...target,
    membershipId: tier.id,
    basis: command.basis,
    currentPeriodEnd: command.until ?? null,
    cancelAtPeriodEnd: command.cancelAtPeriodEnd,
  });
  const ending = command.until ? ` until ${command.until.toISOString().slice(0, 10)}` : '';
  const cancels = command.cancelAtPeriodEnd ? ', then it ends' : '';
  io.out(`${user.email} is now subscribed to "${tier.id}" of ${where}, ${command.basis}${ending}${cancels}.`);
  return 0;
}

import { z } from 'zod';

/** spec/calls.md §9: the two billing periods. */
export const BillingBasis = z.enum(['monthly', 'yearly']);
export type BillingBasis = z.infer<typeof BillingBasis>;

/** A price in US dollars; null when the tier is not sold for that period. */
const Price = z.number().min(0).nullable();
/** A monthly allowance; -1 (or above 99999 for messages) is unlimited (spec/calls.md §9). */
const Allowance = z.number().int().min(-1);

/**
 * Overage billing of a tier (issue 13): past the tier's monthly quota the member's use goes on
 * and is billed per unit, in USD, as metered usage at the payment provider.
 */
export const MembershipOverage = z.object({
  perMessage: z.number().min(0).default(0),
  perVoiceMinute: z.number().min(0).default(0),
  perVideoMinute: z.number().min(0).default(0),
});
export type MembershipOverage = z.infer<typeof MembershipOverage>;

/** spec/calls.md §3: a paid tier of a clone (or of one of its instances). */
export const Membership = z.object({
  id: z.string(),
  name: z.string(),
  /** Monthly price in USD. */
  basePrice: Price,
  /** Yearly price in USD; a yearly plan needs it above 0 (spec/calls.md §9). */
  annualPrice: Price,
  smsEnabled: z.boolean(),
  voiceEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  customDescription: z.string().nullable(),
  /** Voice minutes per month. */
  includedMinutesPerMonth: Allowance,
  includedMessagesPerMonth: Allowance,
  includedVideoMinutesPerMonth: Allowance,
  /** spec/chat.md §3: inactive tiers are kept for existing members but not offered. */
  active: z.boolean().default(true),
  instanceId: z.string().nullable().default(null),
  /** Overage billing for this tier's members; absent or null: use stops at the quota. */
  overage: MembershipOverage.nullable().optional(),
});
export type Membership = z.infer<typeof Membership>;

/**
 * A subscription's state at the payment provider (Stripe's set). Only `active`, `trialing` and
 * `past_due` give the member their tier (ENTITLING_SUBSCRIPTION_STATUSES); the others fall back
 * to the free tier.
 */
export const SubscriptionStatus = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * The statuses that give the member their tier until `current_period_end`. `past_due` is among
 * them because the provider is still retrying the payment (Stripe's dunning); when it gives up
 * the subscription becomes `canceled` or `unpaid` and the free tier applies again.
 */
export const ENTITLING_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'active',
  'trialing',
  'past_due',
];

/** spec/calls.md §3: the user's current subscription to this clone. */
export const ActiveSubscription = z.object({
  /** The subscription's id: what /api/subscriptions/:id/(cancel|resume|switch|…) take. */
  id: z.string(),
  membership: z.object({ id: z.string(), instanceId: z.string().nullable() }),
  basis: BillingBasis,
  /** A cancellation is scheduled: the button offers Resume (spec/calls.md §4). */
  willCancelAtPeriodEnd: z.boolean(),
});
export type ActiveSubscription = z.infer<typeof ActiveSubscription>;

/**
 * Server → app, GET /api/clones/:slug/memberships (?instance=): the tiers on offer and the
 * caller's active subscription (null when signed out or not subscribed).
 */
export const SubscriptionData = z.object({
  memberships: z.array(Membership),
  active_subscription: ActiveSubscription.nullable(),
});
export type SubscriptionData = z.infer<typeof SubscriptionData>;

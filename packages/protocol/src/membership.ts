import { z } from 'zod';

/** spec/calls.md §9: the two billing periods. */
export const BillingBasis = z.enum(['monthly', 'yearly']);
export type BillingBasis = z.infer<typeof BillingBasis>;

/** A price in US dollars; null when the tier is not sold for that period. */
const Price = z.number().min(0).nullable();
/** A monthly allowance; -1 (or above 99999 for messages) is unlimited (spec/calls.md §9). */
const Allowance = z.number().int().min(-1);

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
});
export type Membership = z.infer<typeof Membership>;

/** spec/calls.md §3: the user's current subscription to this clone. */
export const ActiveSubscription = z.object({
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

/**
 * @module The payments wire contract (spec/calls.md §4, §7; issue 13): the app's payments
 * config, creating a subscription (the checkout's client secret), switching, cancelling at the
 * period end, resuming, the payment provider's hosted links, and the user's subscriptions.
 * Field names the spec gives (`client_secret`, `redirect_url`, `membershipId`, `basis`) are kept.
 */
import { z } from 'zod';
import { BillingBasis, Membership, SubscriptionStatus } from './membership';

/** Server → app, GET /api/payments/config: whether memberships can be bought here, and with which key. */
export const PaymentsConfig = z.object({
  /** Stripe is configured: Subscribe / Switch / Cancel / Resume work. False: 'payments are not set up'. */
  enabled: z.boolean(),
  /** Stripe's publishable key for Stripe.js (`pk_…`); null when payments are not set up. */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** A URL the payment provider sends the browser back to (absolute http(s)). */
const RedirectUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => /^https?:\/\//i.test(value) && URL.canParse(value),
    'redirect_url must be an http(s) URL',
  );

/** spec/calls.md §7 createSubscription — app → server, POST /api/subscriptions. */
export const CreateSubscriptionRequest = z.object({
  /** The clone's slug. */
  slug: z.string().trim().min(1).max(200),
  /** The tier's id (of the clone's `memberships`); the tier's `instanceId` says which instance it is for. */
  membershipId: z.string().trim().min(1).max(200),
  basis: BillingBasis,
  /** Where Stripe.js returns after confirming the payment (its `return_url`). */
  redirect_url: RedirectUrl,
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

/** app → server, POST /api/subscriptions/:id/switch: another tier or period of the same clone. */
export const SwitchSubscriptionRequest = z.object({
  membershipId: z.string().trim().min(1).max(200),
  basis: BillingBasis,
});
export type SwitchSubscriptionRequest = z.infer<typeof SwitchSubscriptionRequest>;

/** spec/calls.md §7 getCancelMembershipLink — app → server, POST /api/subscriptions/:id/cancel-link. */
export const CancelLinkRequest = z.object({ redirect_url: RedirectUrl });
export type CancelLinkRequest = z.infer<typeof CancelLinkRequest>;

/** spec/calls.md §7 getUpdateMembershipLink — app → server, POST /api/subscriptions/:id/update-link. */
export const UpdateLinkRequest = z.object({
  redirect_url: RedirectUrl,
  membershipId: z.string().trim().min(1).max(200),
  basis: BillingBasis,
});
export type UpdateLinkRequest = z.infer<typeof UpdateLinkRequest>;

/** app → server, POST /api/billing/portal: the customer portal (payment methods, invoices). */
export const PortalLinkRequest = z.object({ redirect_url: RedirectUrl });
export type PortalLinkRequest = z.infer<typeof PortalLinkRequest>;

/** Server → app: a page of the payment provider (customer portal), opened in a new tab. */
export const BillingLink = z.object({ url: z.url() });
export type BillingLink = z.infer<typeof BillingLink>;

/** One of the signed-in user's subscriptions (the Subscriptions page, and every subscription call's answer). */
export const MySubscription = z.object({
  /** The subscription's id here (the `id` of `active_subscription`). */
  id: z.string(),
  clone: z.object({ slug: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  /** The instance the tier is for; null: the clone. */
  instance: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  membershipId: z.string(),
  /** The tier as the clone lists it now; null when the clone no longer has it. */
  membership: Membership.nullable(),
  basis: BillingBasis,
  /** Stripe's status, followed through its webhooks. */
  status: SubscriptionStatus,
  /** The subscription gives its tier now (an entitling status and the period not ended). */
  entitled: z.boolean(),
  /** A cancellation is scheduled at `currentPeriodEnd` (the button offers Resume). */
  willCancelAtPeriodEnd: z.boolean(),
  /** The end of the paid period (ISO 8601); null: no end. */
  currentPeriodEnd: z.string().nullable(),
  /** 'stripe', or 'manual' (set with `doppel subscription set`). */
  provider: z.string(),
});
export type MySubscription = z.infer<typeof MySubscription>;

/** Server → app, GET /api/subscriptions: the user's subscriptions to every clone, newest first. */
export const MySubscriptions = z.object({ subscriptions: z.array(MySubscription) });
export type MySubscriptions = z.infer<typeof MySubscriptions>;

/**
 * Server → app, POST /api/subscriptions: the subscription (status `incomplete` until paid) and
 * what the checkout view needs. `client_secret` is null when nothing is to be paid now (a tier
 * priced 0): the subscription is already active.
 */
export const CreatedSubscription = z.object({
  subscription: MySubscription,
  /** The payment's client secret for Stripe's Payment Element (`stripe.confirmPayment`). */
  client_secret: z.string().nullable(),
  /** Stripe.js is loaded with this key ('Missing stripe public key' when absent). */
  publishableKey: z.string(),
});
export type CreatedSubscription = z.infer<typeof CreatedSubscription>;

/** spec/calls.md §8: a subscription call without one. */
export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription';
/**
 * The 503 of every subscription call when Stripe is not configured; the app's disabled buttons
 * say the same. The owner's 403 is OWN_CLONE_SUBSCRIBE_TOOLTIP (spec/calls.md §5).
 */
export const PAYMENTS_NOT_SET_UP = 'Payments are not configured';
/** 404 of the subscription routes: none such, or another user's. */
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
/** 404 of POST /api/subscriptions and switch: not an active tier of the clone. */
export const MEMBERSHIP_NOT_FOUND = 'Membership not found';
/** 409 of POST /api/subscriptions: switch the one there is instead. */
export const ALREADY_SUBSCRIBED = 'You already have a subscription to this clone: switch it instead';
/** 409 of POST /api/subscriptions: the tier's prices are not at Stripe yet (`doppel payments sync`). */
export const MEMBERSHIP_NOT_FOR_SALE = 'This membership is not for sale yet';
/** 409 of switch: the tier and period are the subscription's own. */
export const ALREADY_YOUR_PLAN = 'This is already your plan';
/** 409 of POST /api/billing/portal before any subscription. */
export const NO_BILLING_ACCOUNT = 'No billing account yet';
/** 400 of the webhook: missing or wrong Stripe-Signature. */
export const INVALID_SIGNATURE = 'Invalid signature';
/** 400 when the tier has no price for the period asked (spec/calls.md §9). */
export const noPriceFor = (basis: 'monthly' | 'yearly') => `This membership has no ${basis} price`;
/** spec/calls.md §8: the checkout's toast, also the 502 of POST /api/subscriptions when Stripe fails. */
export const SUBSCRIPTION_CREATE_FAILED = 'Failed to create subscription';
/** 502 of the other subscription calls when Stripe fails or cannot be reached. */
export const PAYMENT_PROVIDER_FAILED = 'The payment provider did not answer. Please try again.';

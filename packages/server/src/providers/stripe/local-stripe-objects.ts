/**
 * @module The objects the local Stripe keeps and answers with, shaped as Stripe's API returns
 * them (the library's `Stripe.Subscription`, `Stripe.Invoice`, … of API 2026-10-28): ids with
 * Stripe's prefixes, Unix-second timestamps, lists as `{object: "list", data, has_more, url}`,
 * the period on the subscription item, the invoice's `confirmation_secret` only when expanded.
 */
import { randomBytes } from 'node:crypto';

/** An id with Stripe's prefix (`cus_`, `sub_`, …). */
export const stripeId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export type Metadata = Record<string, string>;

export interface LocalPrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: 'month' | 'year';
    interval_count: 1;
    meter: string | null;
    usage_type: 'licensed' | 'metered';
  };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number | null;
  unit_amount_decimal: string;
}

export interface LocalItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: LocalPrice;
  quantity?: number;
  subscription: string;
}

export interface LocalSubscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: 'list'; data: LocalItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status:
    | 'incomplete'
    | 'active'
    | 'past_due'
    | 'canceled'
    | 'incomplete_expired'
    | 'unpaid'
    | 'trialing'
    | 'paused';
}

export interface LocalInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  billing_reason: 'subscription_create' | 'subscription_update';
  created: number;
  currency: string;
  customer: string;
  livemode: false;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  status: 'open' | 'paid';
  /** Included only when expanded (`expand[]=latest_invoice.confirmation_secret`). */
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
}

export interface LocalPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  client_secret: string;
  currency: string;
  customer: string;
  livemode: false;
  status: 'requires_payment_method' | 'succeeded';
  /** Not a Stripe field: the invoice it pays (kept apart from the answer). */
  invoice: string;
}

/** Seconds since the epoch, as Stripe's timestamps. */
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of a period of `interval` starting at `start` (Unix seconds), by calendar. */
export function periodEnd(start: number, interval: 'month' | 'year'): number {
  const date = new Date(start * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return unix(date);
}

/** A Stripe list answer. */
export const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });

/** A Stripe error answer body. */
export function stripeError(
  type: 'invalid_request_error' | 'card_error' | 'api_error',
  message: string,
  extra: { code?: string; param?: string } = {},
) {
  return {
    error: {
      type,
      message,
      ...(extra.code && {
        code: extra.code,
        doc_url: `https://docs.stripe.com/error-codes/${extra.code.replace(/_/g, '-')}`,
      }),
      ...(extra.param && { param: extra.param }),
      request_log_url: null,
    },
  };
}

/**
 * @module The payments provider (DESIGN §2): Stripe, with the official `stripe` library, when
 * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set; else none:
 * memberships are listed and every button says payments are not configured.
 */
import { z } from 'zod';
import { optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';
import { type StripeConfig, stripeClient } from './stripe-client';
import type { StripePayments } from './stripe-payments';

const keyed = (pattern: RegExp, message: string) =>
  optional.pipe(z.string().regex(pattern, message).optional());

export const stripeProvider = provider({
  title: 'Payments (Stripe)',
  concern: 'buying memberships: checkout, switch, cancel, resume, overage billing',
  localDefault: 'memberships are listed; buying one says payments are not configured',
  real: 'Stripe Billing (`stripe` + `@stripe/stripe-js`), signed idempotent webhooks',
  settings: {
    STRIPE_SECRET_KEY: setting(
      keyed(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a secret key (sk_test_… or sk_live_…)'),
      'unset: payments are not configured',
      'The secret API key the server calls Stripe with.',
    ),
    STRIPE_PUBLISHABLE_KEY: setting(
      keyed(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a publishable key (pk_test_… or pk_live_…)'),
      'unset',
      "The publishable key Stripe.js is loaded with in the app's checkout.",
    ),
    STRIPE_WEBHOOK_SECRET: setting(
      keyed(/^whsec_[A-Za-z0-9]{8,}$/, 'must be a webhook signing secret (whsec_…)'),
      'unset',
      'The signing secret of the endpoint `POST /api/webhooks/stripe`: events without its `Stripe-Signature` are refused.',
    ),
    STRIPE_API_BASE: setting(
      optionalUrl,
      "unset: Stripe's own (https://api.stripe.com)",
      "Another base URL for Stripe's API (the tests' and the e2e's local Stripe).",
    ),
  },
  read: (e) => {
    const stripe: StripeConfig | null =
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null;
    return { stripe };
  },
  configured: (config) => config.stripe !== null,
  offers: (config) => ({ payments: config.stripe !== null }),
  create: (config, _deps: Record<string, never>): StripePayments | null =>
    config.stripe ? { config: config.stripe, stripe: stripeClient(config.stripe) } : null,
});

export type StripeProviderConfig = ReturnType<typeof stripeProvider.read>;

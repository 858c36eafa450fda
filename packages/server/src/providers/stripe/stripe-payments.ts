/** @module What the routes get when Stripe is configured: its settings and the client. */
import type Stripe from 'stripe';
import type { StripeConfig } from './stripe-client';

export interface StripePayments {
  config: StripeConfig;
  stripe: Stripe;
}

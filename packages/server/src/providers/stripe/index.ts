/** @module Payments (Stripe). */
export { type StripeConfig, stripeClient } from './stripe-client';
export type { StripePayments } from './stripe-payments';
export { type StripeProviderConfig, stripeProvider } from './stripe-provider';

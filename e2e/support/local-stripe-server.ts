/**
 * The local Stripe for end-to-end runs and for trying the checkout on a developer's machine:
 * `node --import tsx e2e/support/local-stripe-server.ts` listens on STRIPE_PORT (default 3790)
 * and posts its signed events to WEBHOOK_URL (default http://localhost:3000/api/webhooks/stripe).
 * Start the server with STRIPE_API_BASE=http://127.0.0.1:3790 and the three keys printed below,
 * then `npm run doppel -- payments sync`. Stripe.js's confirm goes to the same double.
 */
import { startLocalStripe } from '../../packages/server/src/providers/stripe/local-stripe';

const keys = {
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_localstripe0001',
  publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_localstripe0001',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_localstripe0001',
};
const stripe = await startLocalStripe({
  ...keys,
  port: Number(process.env.STRIPE_PORT ?? 3790),
  webhookUrl: process.env.WEBHOOK_URL ?? 'http://localhost:3000/api/webhooks/stripe',
});
console.log(`local Stripe at ${stripe.url}`);
console.log(
  `STRIPE_API_BASE=${stripe.url} STRIPE_SECRET_KEY=${keys.secretKey} STRIPE_PUBLISHABLE_KEY=${keys.publishableKey} STRIPE_WEBHOOK_SECRET=${keys.webhookSecret}`,
);
const stop = () => void stripe.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

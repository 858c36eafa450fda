/**
 * @module The official `stripe` client for this deployment. `apiBase` points the library at
 * another host (the local Stripe of the tests and the e2e): the library builds every request
 * as for api.stripe.com and only its host, port and protocol change.
 */
import Stripe from 'stripe';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another base URL for Stripe's API, or null for Stripe's own. */
  apiBase: string | null;
}

export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    appInfo: { name: 'Doppel' },
    // A failed call is answered to the user at once; Stripe's retries are for background jobs.
    maxNetworkRetries: base ? 0 : 1,
    timeout: 20_000,
    telemetry: base === null,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * @module The end-to-end servers' ports: E2E_PORT (default 3100) is the app, +1 its examples
 * server, +10 the server answering through the slow LLM double, +11 that double,
 * +12 the local OpenID provider standing in for Google, +13 the local Stripe. Several
 * checkouts on one machine run their browser tests side by side with different E2E_PORTs.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SLOW_PORT = APP_PORT + 10;
export const FAKE_LLM_PORT = APP_PORT + 11;
export const OPENID_PORT = APP_PORT + 12;
export const STRIPE_PORT = APP_PORT + 13;
/** The keys the app server and the local Stripe share (test keys of Stripe's formats). */
export const STRIPE_SECRET_KEY = 'sk_test_e2eDoppelSecret0001';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_e2eDoppelPublic0001';
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2eDoppelWebhook0001';
/** The owner of the `tiny` fixture clone (cannot subscribe to it). */
export const TINY_OWNER_EMAIL = 'tova.owner@example.com';
/** The app, the host pages (another origin: 127.0.0.1, not localhost) and the slow server. */
export const APP = `http://localhost:${APP_PORT}`;
export const HOST = `http://127.0.0.1:${APP_PORT + 1}`;
export const SLOW = `http://localhost:${SLOW_PORT}`;
/** The creator of the `cora` fixture clone and a staff user, made by the servers' setup (doppel CLI). */
export const CREATOR_EMAIL = 'cora.creator@example.com';
export const STAFF_EMAIL = 'staff.person@example.com';
/** Who the local OpenID provider signs in ("Continue with Google" in the tests). */
export const GOOGLE_PERSON = 'google.person@example.com';

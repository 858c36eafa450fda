import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium against the real built server
 * (packages/server/dist/main.mjs), started on its embedded PGlite in a fresh data directory
 * with clones and embed configurations set up by the doppel CLI (e2e/support/start-server.mjs).
 * A second server answers through a slow local LLM double, for the stop button (and offers no
 * Google sign-in); a local OpenID provider stands in for Google on the first.
 * Host pages are served on 127.0.0.1 while the app is on localhost: two origins.
 */
import {
  APP_PORT,
  CREATOR_EMAIL,
  FAKE_LLM_PORT,
  OPENID_PORT,
  SLOW_PORT,
  STAFF_EMAIL,
  STRIPE_PORT,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  TINY_OWNER_EMAIL,
} from './e2e/support/ports';

const server = 'node packages/server/dist/main.mjs';
// Every page of the tests comes from one loopback address: lift the per-IP limits on starting
// conversations and on asking for sign-in codes (each test signs in a new person).
const quiet = {
  ...process.env,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  CONVERSATIONS_PER_IP_PER_HOUR: '100000',
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/openid-server.ts',
      url: `http://localhost:${OPENID_PORT}/.well-known/openid-configuration`,
      env: { ...process.env },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Memberships (issue 13): Stripe's API answered locally; its webhooks go to the app server.
      command: 'node --import tsx e2e/support/e2e-stripe-server.ts',
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      env: { ...process.env },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node e2e/support/start-server.mjs',
      url: `http://localhost:${APP_PORT}/api/health`,
      env: {
        ...quiet,
        PORT: String(APP_PORT),
        // One local video call at a time: the next caller waits in the queue (issue 12).
        VIDEO_LOCAL_MAX_CALLS: '1',
        EXAMPLES_PORT: String(APP_PORT + 1),
        PUBLIC_URL: `http://localhost:${APP_PORT}`,
        // The tests read sign-in codes from GET /api/dev/outbox (start-server.mjs sets it too).
        DEV_OUTBOX: 'on',
        // The clone `fenced` may be embedded only by the host pages' origin (its clone.json).
        E2E_HOST_ORIGIN: `http://127.0.0.1:${APP_PORT + 1}`,
        // `fenced` cites a page of the host pages' server: its preview may be fetched (GET /api/og).
        OG_ALLOWED_HOSTS: `127.0.0.1:${APP_PORT + 1}`,
        // The full site's invisible bot check, as on a public deployment (auto is off on localhost).
        BOT_CHECK: 'on',
        // Google sign-in against the local OpenID provider below.
        GOOGLE_CLIENT_ID: 'doppel-test-client',
        GOOGLE_CLIENT_SECRET: 'doppel-test-secret',
        GOOGLE_ISSUER: `http://localhost:${OPENID_PORT}`,
        // Payments through the local Stripe above (the official library, pointed at it).
        STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
        E2E_SETUP: JSON.stringify([
          // `tiny` has an owner (who cannot subscribe to it, issue 13).
          ['relationship', TINY_OWNER_EMAIL, 'tiny', 'CREATOR'],
          ['embed', 'create', 'demo', '--id', 'e2e-allowed', '--origin', `http://127.0.0.1:${APP_PORT + 1}`],
          ['embed', 'create', 'tiny', '--id', 'e2e-tiny'],
          // Voice limits (issue 11): a clone whose visitors get 6 seconds of calls, and an embed
          // configuration whose calls stop after 6 seconds (voice-exhausted to the host page).
          ['import', 'e2e/fixtures/brief'],
          ['embed', 'create', 'tiny', '--id', 'e2e-call-limit', '--call-limit', '0.1'],
          // Video calls (issue 12): a clone with unlimited video, one whose visitors get 6 seconds,
          // one whose visitors get 3 minutes (the countdown on the page's controlled clock).
          ['import', 'e2e/fixtures/vida'],
          ['import', 'e2e/fixtures/vidbrief'],
          ['import', 'e2e/fixtures/vidclock'],
          // Creator and staff tools (issue 10 §5, §6): a clone its creator teaches, a staff user.
          ['import', 'e2e/fixtures/creator'],
          ['relationship', CREATOR_EMAIL, 'cora', 'CREATOR'],
          ['user', STAFF_EMAIL, '--staff'],
        ]),
      },
      reuseExistingServer: false,
      // The clones' imports and the CLI setup take minutes on a shared, loaded machine.
      timeout: 300_000,
    },
    {
      command: 'node e2e/support/fake-llm.mjs',
      url: `http://127.0.0.1:${FAKE_LLM_PORT}/health`,
      env: { ...process.env, PORT: String(FAKE_LLM_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: server,
      url: `http://localhost:${SLOW_PORT}/api/health`,
      env: {
        ...quiet,
        PORT: String(SLOW_PORT),
        EXAMPLES_PORT: '0',
        DATA_DIR: 'memory://',
        // No Stripe keys here: the memberships say payments are not set up (issue 13).
        DEV_OUTBOX: 'on',
        LLM_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/v1`,
        LLM_API_KEY: 'test',
        LLM_MODEL: 'fake-slow',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});

/**
 * @module Memberships bought and managed in Chromium (issue 13 "Done when"): a signed-in visitor
 * at the limit subscribes monthly through the checkout (Stripe's Payment Element, Stripe.js served
 * by a local stand-in that speaks to the local Stripe), the quota rises at once, switches to yearly,
 * cancels (scheduled) and resumes; a webhook replayed twice changes nothing; an owner cannot
 * subscribe; without Stripe keys the buttons say payments are not set up. Every screen of the flow
 * (the tiers dialog, the checkout, the membership page, the subscriptions page) passes axe at
 * both widths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SubscriptionData } from '../packages/protocol/src/membership';
import { syncCatalog } from '../packages/server/src/payments/catalog';
import { stripeClient } from '../packages/server/src/providers/stripe/stripe-client';
import {
  SLOW,
  STRIPE_PORT,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  TINY_OWNER_EMAIL,
} from './support/ports';
import { DESKTOP, expectAccessible, PHONE, signIn, signInAs } from './support/site';

const STANDIN = readFileSync(join(import.meta.dirname, 'support', 'stripe-js-standin.js'), 'utf8');
const LOCAL_STRIPE = `http://127.0.0.1:${STRIPE_PORT}`;
const SHOTS = '/work/notes/shots';

/**
 * Stripe.js comes from the stand-in, and Stripe's API host is the local Stripe: as the browser
 * would reach js.stripe.com and api.stripe.com, with the CORS answers Stripe gives.
 */
async function routeStripe(context: BrowserContext | Page): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STANDIN }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const cors = {
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'GET, POST',
    };
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: cors });
      return;
    }
    const url = new URL(request.url());
    const answer = await route.fetch({ url: `${LOCAL_STRIPE}${url.pathname}${url.search}` });
    await route.fulfill({ response: answer, headers: { ...answer.headers(), ...cors } });
  });
}

/**
 * The tiers of `tiny` become products and prices at the local Stripe, as the server's catalog
 * sync makes them (its own function, with the official library pointed at the local Stripe).
 */
test.beforeAll(async ({ request }) => {
  const clone = await (await request.get('/api/clones/tiny')).json();
  const tiers = SubscriptionData.parse(await (await request.get('/api/clones/tiny/memberships')).json());
  const stripe = stripeClient({
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: LOCAL_STRIPE,
  });
  await syncCatalog(stripe, { id: clone.id, name: clone.name, memberships: tiers.memberships });
});

async function usageOf(request: APIRequestContext, slug: string) {
  return (await request.get(`/api/clones/${slug}/usage`)).json();
}

async function subscriptions(request: APIRequestContext) {
  return (await (await request.get('/api/subscriptions')).json()).subscriptions;
}

async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Message/ }).fill(text);
  await page.keyboard.press('Enter');
}

/** A screenshot at both widths, each checked with axe (no serious or critical violation). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/stripeui-${name}-${label}.png` });
    await expectAccessible(page, `${name}, ${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

test('a signed-in visitor at the limit subscribes monthly, the quota rises at once, switches to yearly, cancels and resumes; a replayed webhook changes nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await routeStripe(page);
  await signIn(page);
  // The free tier of `tiny` gives a signed-in visitor 2 messages a month.
  expect((await usageOf(page.request, 'tiny')).quota.messages).toBe(2);
  await page.goto('/tiny/talk');
  const log = page.getByRole('log', { name: 'Conversation' });
  for (const question of ['How do you oil a bike chain?', 'What pressure for road tyres?']) {
    await sendMessage(page, question);
    await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0, { timeout: 30_000 });
  }
  await expect(log.getByText('What pressure for road tyres?')).toBeVisible();

  // At the limit: the next send opens the tiers.
  await sendMessage(page, 'How often should I clean the chain?');
  const dialog = page.getByRole('dialog', { name: 'Keep talking with Tova Tinker' });
  await expect(dialog).toBeVisible();
  const rider = dialog.getByRole('article', { name: 'Rider' });
  await expect(rider.getByText('$5 per month')).toBeVisible();
  await expect(rider.getByText('200 messages per month')).toBeVisible();
  await dialog.getByText('Yearly', { exact: true }).click();
  await expect(rider.getByText('$50 per year')).toBeVisible();
  await dialog.getByText('Monthly', { exact: true }).click();
  await shoot(page, 'tiers');

  await rider.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByText('Rider · Monthly')).toBeVisible();
  const pay = checkout.getByRole('button', { name: 'Pay $5 / month' });
  await expect(pay).toBeEnabled();
  // An incomplete card is refused by the element, and nothing is paid.
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(checkout.getByRole('alert')).toHaveText('Your card number is incomplete.');
  expect((await subscriptions(page.request))[0]).toMatchObject({ status: 'incomplete', entitled: false });
  await checkout.getByLabel('Expiration date').fill('12 / 34');
  await checkout.getByLabel('Security code').fill('123');
  await shoot(page, 'checkout');
  await pay.click();

  // Paid: Stripe's webhook reached the server, the quota rose at once and the paywall closed.
  await expect(page.getByText('Welcome to Rider!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const after = await usageOf(page.request, 'tiny');
  expect(after.quota.messages).toBe(200);
  const [paid] = await subscriptions(page.request);
  expect(paid).toMatchObject({ membershipId: 'rider', basis: 'monthly', status: 'active', entitled: true });
  // The message that hit the limit goes now.
  await sendMessage(page, 'How often should I clean the chain?');
  await expect(log.getByText('How often should I clean the chain?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0, { timeout: 30_000 });

  // A replayed webhook (the same signed event, twice) is accepted and changes nothing.
  const replay = await (await page.request.post(`${LOCAL_STRIPE}/__events/replay?type=invoice.paid`)).json();
  expect(replay.statuses).toEqual([200, 200]);
  expect(await subscriptions(page.request)).toEqual([paid]);

  // Switch to yearly on the membership page.
  await page.goto('/memberships/tiny');
  await expect(page.getByRole('heading', { name: 'Memberships of Tova Tinker' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Rider' });
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shoot(page, 'membership-page');
  await page.getByText('Yearly', { exact: true }).click();
  await card.getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByRole('heading', { name: 'Switch to Rider (yearly)?' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm switch' }).click();
  await expect(page.getByText('Switched to Rider (yearly)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect((await subscriptions(page.request))[0]).toMatchObject({ basis: 'yearly', entitled: true });
  expect((await usageOf(page.request, 'tiny')).quota.messages).toBe(200);

  // Cancel: scheduled at the period end; the tier stays.
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel Rider?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Cancellation scheduled')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
  expect((await subscriptions(page.request))[0]).toMatchObject({
    willCancelAtPeriodEnd: true,
    entitled: true,
  });
  expect((await usageOf(page.request, 'tiny')).quota.messages).toBe(200);

  // Resume.
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Resumed subscription!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect((await subscriptions(page.request))[0]).toMatchObject({
    willCancelAtPeriodEnd: false,
    basis: 'yearly',
  });

  // The Subscriptions page lists it.
  await page.goto('/billing');
  const list = page.getByRole('list', { name: 'Your subscriptions' });
  await expect(list.getByText('Rider · Tova Tinker')).toBeVisible();
  await expect(list.getByText('$50 per year')).toBeVisible();
  await expect(list.getByText('Active')).toBeVisible();
  await shoot(page, 'subscriptions');
});

test('an owner cannot subscribe to their own clone: the button is disabled and says why, and the server refuses', async ({
  page,
}) => {
  await routeStripe(page);
  await signInAs(page, TINY_OWNER_EMAIL);
  await page.goto('/memberships/tiny');
  const card = page.getByRole('article', { name: 'Rider' });
  const button = card.getByRole('button', { name: 'Subscribe' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('title', "You can't subscribe to your own clone");
  const refused = await page.request.post('/api/subscriptions', {
    data: { slug: 'tiny', membershipId: 'rider', basis: 'monthly', redirect_url: 'http://localhost/x' },
  });
  expect(refused.status()).toBe(403);
  expect(await subscriptions(page.request)).toEqual([]);
});

test('without Stripe keys the memberships are listed and the buttons say payments are not set up', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: SLOW });
  const page = await context.newPage();
  expect(await (await page.request.get('/api/payments/config')).json()).toEqual({
    enabled: false,
    publishableKey: null,
  });
  await signIn(page);
  await page.goto('/memberships/demo');
  const card = page.getByRole('article', { name: 'Benchmate' });
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  await expect(card.getByText('Payments are not configured')).toBeVisible();
  await expect(page.getByText('Payments are not set up on this site yet')).toBeVisible();
  await context.close();
});

/**
 * @module Shared steps of the full site's browser tests: signing a page's browser in the way a
 * person does (the code read from the developer outbox), asking the demo clone a question, and
 * the accessibility check (axe, serious and critical violations only).
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { solvedPayload } from '../../packages/server/test/support/bot-check';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** The six-digit code of the latest mail to `to` in the developer outbox. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const answer = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
      code = answer.messages[0]?.code ?? null;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

let people = 0;
/** Signs the page's browser in with a fresh address (the session cookie lands in its context). */
export async function signIn(page: Page): Promise<string> {
  people += 1;
  const email = `person${people}-${Date.now()}@example.com`;
  expect((await page.request.post('/api/auth/email/send', { data: { email } })).status()).toBe(200);
  const code = await latestCode(page.request, email);
  expect((await page.request.post('/api/auth/email/verify', { data: { email, code } })).status()).toBe(200);
  return email;
}

/** Signs the page's browser in as `email` (an account the servers' setup made, such as the creator). */
export async function signInAs(page: Page, email: string): Promise<void> {
  expect((await page.request.post('/api/auth/email/send', { data: { email } })).status()).toBe(200);
  const code = await latestCode(page.request, email);
  expect((await page.request.post('/api/auth/email/verify', { data: { email, code } })).status()).toBe(200);
}

/** Asks `question` on the talk page and waits for the cited answer. */
export async function ask(page: Page, question: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0);
  await page.getByRole('textbox', { name: /^Message/ }).fill(question);
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('button', { name: /^Source \d+$/ })
      .first(),
  ).toBeVisible();
}

/** axe on what the page shows now: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Let entrance animations end, so colours are measured as they settle.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(blocking, `${what}: serious or critical axe violations`).toEqual([]);
}

/**
 * A bot-check token for the browser of `request` (a page's `page.request` shares its cookies, so
 * its visitor), solved the way the site solves it: for a test that sends by hand, as the app would.
 */
export async function botToken(request: APIRequestContext): Promise<string> {
  const asked = await (await request.get('/api/bot-check')).json();
  expect(asked.required).toBe(true);
  const payload = await solvedPayload(asked.challenge);
  const redeemed = await request.post('/api/bot-check', { data: { payload } });
  expect(redeemed.status()).toBe(200);
  return (await redeemed.json()).token;
}

import { expect, type Page, test } from '@playwright/test';
import { APP, GOOGLE_PERSON, HOST, SLOW } from './support/ports';
import { DESKTOP, expectAccessible, PHONE } from './support/site';

/**
 * Issue 10 §10 end to end: "Continue with Google" against a local OpenID provider standing in
 * for Google (e2e/support/openid-server.ts: signed ID tokens, PKCE, the client's secret and
 * redirect URI checked). The provider's pages open in a window of their own, which posts the
 * result back to the page (or the embed's iframe) that opened it and closes.
 */

/** Clicks the Google button in `dialog`'s page and waits for the Google window to come and go. */
async function continueWithGoogle(page: Page, click: () => Promise<void>): Promise<void> {
  const popup = page.waitForEvent('popup');
  await click();
  const window = await popup;
  // The window went to the provider and came back to the server's callback, which closed it
  // (on a fast run, before this line: then there is nothing to wait for).
  if (!window.isClosed()) await window.waitForEvent('close');
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the site: sign in with Google from the sign-in dialog (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/demo/talk');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const google = dialog.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeVisible();
    // Google first, then the e-mail form: both whole on a phone.
    const [googleBox, emailBox] = [
      await google.boundingBox(),
      await dialog.getByRole('textbox', { name: 'E-mail' }).boundingBox(),
    ];
    expect(googleBox && emailBox && googleBox.y < emailBox.y).toBe(true);
    expect(googleBox && googleBox.x + googleBox.width <= viewport.width).toBe(true);
    await expectAccessible(page, 'the sign-in dialog with Google');
    await page.screenshot({ path: `test-results/google-sign-in-${name}.png` });

    await continueWithGoogle(page, () => google.click());
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Signed in as ${GOOGLE_PERSON}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Account: ${GOOGLE_PERSON}` })).toBeVisible();
    // The session is the site's cookie: it survives a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: `Account: ${GOOGLE_PERSON}` })).toBeVisible();
  });
}

test('an embed on another origin signs in with Google and talks as that person', async ({ page }) => {
  await page.goto(`${HOST}/plain/?app=${encodeURIComponent(APP)}&clone=demo`);
  await page.getByRole('button', { name: /^Open chat/ }).click();
  const chat = page.frameLocator('.doppel-bubble iframe');
  await chat.getByRole('button', { name: 'Sign in' }).click();
  const dialog = chat.getByRole('dialog', { name: 'Sign in' });
  await continueWithGoogle(page, () => dialog.getByRole('button', { name: 'Continue with Google' }).click());
  await expect(dialog).toBeHidden();
  await expect(chat.getByRole('button', { name: `Account: ${GOOGLE_PERSON}` })).toBeVisible();
  // The iframe talks with the posted bearer token: the conversation is the person's, and the
  // site (signed in by the Google window's cookie) lists it in their history.
  const question = `Which glue do you use for chairs? (${Date.now()})`;
  const prompt = chat.getByRole('textbox', { name: /^Message/ });
  await prompt.fill(question);
  await prompt.press('Enter');
  await expect(chat.locator('.message-clone')).toHaveCount(1);
  await expect(chat.getByRole('button', { name: 'Stop generating' })).toHaveCount(0);
  await page.goto(`${APP}/demo/talk`);
  await page.getByRole('button', { name: 'Conversation history' }).click();
  await expect(page.getByRole('dialog', { name: 'History' })).toContainText(question);
});

test('a deployment without a Google provider shows no Google button', async ({ page }) => {
  await page.goto(`${SLOW}/demo/talk`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByRole('button', { name: 'Continue with e-mail' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Google/ })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { ask, DESKTOP, expectAccessible, PHONE, signIn } from './support/site';

/**
 * Issue 9: axe on every screen and dialog of the full site at 1280 and 375 px wide — profile,
 * talk with an answer, citations, sign-in, socials, history, account menu, feedback, paywall —
 * with no serious or critical violation.
 */
for (const [width, viewport] of [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const) {
  test(`every screen and dialog passes axe at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);

    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale', exact: true })).toBeVisible();
    await expectAccessible(page, 'profile');

    await page.getByRole('button', { name: 'View socials' }).click();
    await expect(page.getByRole('dialog', { name: 'View Socials' })).toBeVisible();
    await expectAccessible(page, 'socials dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'sign-in dialog');
    await page.keyboard.press('Escape');

    await page.goto('/demo/talk');
    await ask(page, 'How do you sharpen a plane iron?');
    await expectAccessible(page, 'talk with an answer');

    await page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('button', { name: /^Source \d+$/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Citations' }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page, 'citations');
    await page.keyboard.press('Escape');

    await signIn(page);
    // The conversation becomes the user's, as the app does after a sign-in.
    const id = page.url().split('/').pop();
    expect((await page.request.post(`/api/conversations/${id}/claim`)).status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Conversation history' }).click();
    await expect(page.getByRole('dialog', { name: 'History' }).getByText('Current')).toBeVisible();
    await expectAccessible(page, 'history drawer');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await expectAccessible(page, 'account menu');
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'User Feedback' })).toBeVisible();
    await expectAccessible(page, 'feedback dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Memberships' }).click();
    const paywall = page.getByRole('dialog', { name: 'Memberships for Juniper Hale' });
    await expect(paywall.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'paywall');
  });
}

import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn } from './support/site';

/**
 * Issue 10 §7 and §12 in Chromium against the real server: the Action Center and its entries
 * (feedback for anonymous visitors too, socials, sign-in, Add to Home Screen), the `actions` and
 * `citations` queries, and the web app manifest with its icons. At desktop and phone widths.
 */
const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

for (const width of [1280, 375] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 640 ? 800 : 740 } });

    test('an anonymous visitor opens the Action Center and gives feedback', async ({ page }) => {
      await page.goto('/cora/talk');
      await page.getByRole('button', { name: 'Actions' }).click();
      const panel = page.getByRole('dialog', { name: 'Actions' });
      await expect(panel.getByRole('button')).toContainText([
        'View Socials',
        'Log in or sign up',
        'Give feedback',
        'Add to Home Screen',
      ]);
      // Nothing to share before the first message: no entry that leads nowhere.
      await expect(panel.getByRole('button', { name: 'Share Conversation' })).toHaveCount(0);
      await page.screenshot({ path: `test-results/action-center-${width}.png` });
      await expectAccessible(page, 'the Action Center');
      await panel.getByRole('button', { name: 'Give feedback' }).click();
      const feedback = page.getByRole('dialog', { name: 'User Feedback' });
      await feedback.getByRole('textbox', { name: 'Subject' }).fill('Action center');
      await feedback.getByRole('textbox', { name: 'Feedback' }).fill(`Found it at ${width} px.`);
      await feedback.getByRole('button', { name: 'Send feedback' }).click();
      await expect(page.getByText('Feedback sent')).toBeVisible();
    });

    test('Add to Home Screen shows the steps for each device', async ({ page }) => {
      await page.goto('/cora/talk');
      await page.getByRole('button', { name: 'Actions' }).click();
      await page
        .getByRole('dialog', { name: 'Actions' })
        .getByRole('button', { name: 'Add to Home Screen' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add to Home Screen' });
      await expect(dialog.getByRole('list', { name: 'Steps for Computer' })).toBeVisible();
      await dialog.getByRole('button', { name: 'iPhone & iPad' }).click();
      await expect(dialog.getByRole('list', { name: 'Steps for iPhone & iPad' })).toContainText(
        'Add to Home Screen',
      );
      await page.screenshot({ path: `test-results/home-screen-${width}.png` });
      await expectAccessible(page, 'Add to Home Screen');
    });
  });
}

test('the actions query opens its surface and leaves the address', async ({ page }) => {
  await page.goto('/cora/talk?actions=socials');
  await expect(page.getByRole('dialog', { name: /Socials|Follow/ })).toBeVisible();
  await expect(page).toHaveURL(/\/cora\/talk$/);
  await page.keyboard.press('Escape');

  await page.goto('/cora/talk?actions=menu');
  await expect(page.getByRole('dialog', { name: 'Actions' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/cora/talk?actions=feedback');
  await expect(page.getByRole('dialog', { name: 'User Feedback' })).toBeVisible();
  await page.keyboard.press('Escape');

  // authenticate never opens the panel itself: only the sign-in dialog.
  await page.goto('/cora/talk?actions=authenticate');
  await expect(page.getByRole('dialog', { name: /sign in|log in/i })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Actions' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Not connected on this branch: share opens the panel instead of a dead end.
  await page.goto('/cora/talk?actions=share');
  await expect(page.getByRole('dialog', { name: 'Actions' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signIn(page);
  await page.goto('/cora/talk?actions=history');
  await expect(page.getByRole('dialog', { name: /history|conversations/i })).toBeVisible();
});

test('the citations query opens a message’s sources', async ({ page }) => {
  await page.goto(`/cora/talk?message=${encodeURIComponent('How often do you turn a compost heap?')}`);
  await expect(log(page).getByRole('button', { name: 'Sources' })).toBeVisible();
  const conversation = page.url();
  const answerId = await page.evaluate(async (id) => {
    const answer = await (await fetch(`/api/conversations/${id}`)).json();
    return answer.messages.at(-1).id as string;
  }, conversation.split('/').at(-1));
  await page.goto(`${conversation}?citations=${encodeURIComponent(`${answerId}:1`)}`);
  await expect(page.getByRole('dialog', { name: 'Citations' })).toBeVisible();
  await expect(page).toHaveURL(conversation);
});

test('the site is installable: a manifest with its icons', async ({ page, request }) => {
  await page.goto('/explore');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Doppel', display: 'standalone', start_url: '/explore' });
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect([icon.src, png.status(), png.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
  }
  expect((await request.get('/icons/apple-touch-icon.png')).status()).toBe(200);
});

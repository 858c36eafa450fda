/**
 * Add to Home Screen (spec/chat.md §2; issue 10 §12) in Chromium: the web app manifest and its
 * icons are served, and the profile's "Add to Home Screen" opens instructions for the visitor's
 * device — a computer at 1280 px, an iPhone at 375 px — with the browser's own Install button
 * when it offers one.
 */
import { expect, test } from '@playwright/test';
import { DESKTOP, expectAccessible, PHONE } from './support/site';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('the manifest and its icons are served, linked from every page', async ({ page, request }) => {
  await page.goto('/demo');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Doppel', display: 'standalone', start_url: '/' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const size = Number(icon.sizes.split('x')[0]);
    const body = await image.body();
    // The PNG's own width (IHDR) is the size the manifest says.
    expect(body.readUInt32BE(16), icon.src).toBe(size);
  }
  expect(
    (
      await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '')
    ).status(),
  ).toBe(200);
});

test('instructions for a computer, with the browser’s install offer (desktop)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/demo');
  // The browser offers to install (as Chromium does once the site qualifies).
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted = 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Add to Home Screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Home Screen' });
  await expect(dialog.getByText('install icon at the right of the address bar')).toBeVisible();
  await expectAccessible(page, 'add to home screen');
  await page.screenshot({ path: 'test-results/install-desktop.png' });
  await dialog.getByRole('button', { name: 'Install Doppel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
});

test('instructions for an iPhone (phone)', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: PHONE,
    userAgent: IPHONE_UA,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Add to Home Screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Home Screen' });
  await expect(dialog.getByText('On iPhone or iPad')).toBeVisible();
  await expect(dialog.getByText('Tap the Share button', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Install Doppel' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/install-phone.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Add to Home Screen' })).toBeFocused();
  await context.close();
});

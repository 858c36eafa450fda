/**
 * Affiliate links (spec/chat.md §3 messageAffiliates, §7; issue 10 §9) in Chromium, at 1280 and
 * 375 px: an answer that mentions the creator's products shows them under it, each opening the
 * product through the server's redirect (only to a link the message carries), and the talk page's
 * footer links to the creator's own affiliate link.
 */
import { expect, test } from '@playwright/test';
import { ask, DESKTOP, expectAccessible, PHONE } from './support/site';

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`an answer shows the products it mentions, through the redirect (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/demo/talk');
    await ask(page, 'What grits are your sharpening stones?');
    const products = page.getByRole('region', { name: 'Products mentioned' });
    const kit = products.getByRole('link', { name: 'Hale Bench sharpening kit' });
    await expect(kit).toBeVisible();
    await expect(kit).toHaveAttribute('target', '_blank');
    await expect(kit).toHaveAttribute('rel', /sponsored/);
    const href = (await kit.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/affiliate\/product\/[0-9a-f-]+\?to=/);
    const redirect = await page.request.get(href, { maxRedirects: 0 });
    expect([redirect.status(), redirect.headers().location]).toEqual([
      302,
      'https://halebenchschool.example/shop/sharpening-kit?ref=doppel',
    ]);
    // Another address through the same message is refused: no open redirect.
    const elsewhere = href.replace(/to=.*$/, `to=${Buffer.from('https://evil.example/').toString('base64')}`);
    expect((await page.request.get(elsewhere, { maxRedirects: 0 })).status()).toBe(404);

    const footer = page.getByRole('link', { name: 'Juniper Hale’s picks' });
    await expect(footer).toBeVisible();
    const shop = await page.request.get((await footer.getAttribute('href')) ?? '', { maxRedirects: 0 });
    expect([shop.status(), shop.headers().location]).toEqual([
      302,
      'https://halebenchschool.example/shop?ref=doppel',
    ]);
    await expectAccessible(page, 'an answer with products');
    await page.screenshot({ path: `test-results/affiliates-${name}.png` });
  });
}

/**
 * A cited website's preview image (issue 10 §8) in Chromium at 1280 and 375 px: the server fetches
 * the page's og:image (GET /api/og) and the citations sheet shows it; a page out of reach keeps
 * only the source's icon, with no broken image. A cited podcast episode whose address is an audio
 * file plays from the cited second.
 */
import { expect, test } from '@playwright/test';
import { ask, DESKTOP, expectAccessible, PHONE } from './support/site';

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a cited website shows its preview image; one out of reach shows none (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/fenced/talk');
    await ask(page, 'How do you polish the lighthouse lens?');
    await page.getByRole('button', { name: 'Sources' }).first().click();
    const sheet = page.getByRole('dialog');
    const preview = sheet.locator('img.citation-preview').first();
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/og\?url=/);
    await expectAccessible(page, 'sources with a preview');
    await page.screenshot({ path: `test-results/og-preview-${name}.png` });

    // The demo's websites are on made-up domains: no preview, and no broken image left behind.
    await page.goto('/demo/talk');
    await ask(page, 'How do you calculate board feet?');
    await page.getByRole('button', { name: 'Sources' }).first().click();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('link', { name: /Open source/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('dialog').locator('img.citation-preview')).toHaveCount(0);
  });
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a cited podcast episode plays from the cited second (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/fenced/talk');
    await ask(page, 'How often do you wind the foghorn clockwork?');
    await page.getByRole('button', { name: 'Sources' }).first().click();
    const player = page.getByRole('dialog').locator('audio.citation-player').first();
    await expect(player).toBeVisible();
    expect(await player.getAttribute('src')).toMatch(/\/og\/episode\.wav#t=4$/);
    // Nothing loads until the visitor presses play; then it starts at 4 s, not at the beginning.
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.preload)).toBe('none');
    await player.evaluate((audio: HTMLAudioElement) => audio.play());
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime))
      .toBeGreaterThanOrEqual(4);
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeLessThan(6);
    await expect(page.getByRole('dialog').getByText('0:04')).toBeVisible();
    await page.screenshot({ path: `test-results/podcast-player-${name}.png` });
  });
}

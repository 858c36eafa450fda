import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { APP, HOST } from './support/ports';

/**
 * Issue 9, the embed on a creator's page (another origin: the examples server on 127.0.0.1):
 * it takes no focus and scrolls nothing until the visitor uses it, names itself after the clone,
 * keeps its height, shows a refusal without "Loading…", and looks and works the same on a host
 * whose Content-Security-Policy allows no inline style at all.
 */
const plain = (query = '') => `${HOST}/plain/?app=${encodeURIComponent(APP)}${query}`;
const strict = `${HOST}/strict-csp/`;

const promptOf = (chat: FrameLocator) => chat.getByRole('textbox', { name: /^Message/ });

/** Collects what the browser refused under the page's Content-Security-Policy. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an inline embed takes no focus and does not scroll its host page until the visitor uses it', async ({
    page,
  }) => {
    await page.goto(plain());
    const search = page.getByLabel('Search the notes');
    await search.focus();
    const inline = page.frameLocator('#inline-chat iframe');
    await expect(promptOf(inline)).toBeVisible();
    // The chat has loaded and settled: give any late focus the time it took before the fix.
    await expect(page.locator('#log [data-event="ready"]').first()).toBeAttached();
    await page.waitForTimeout(1_000);
    await page.keyboard.type('dovetails');
    await expect(search).toHaveValue('dovetails');
    await expect(promptOf(inline)).toHaveValue('');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');

    // Without a field of its own focused, the page keeps focus on its body, and does not scroll.
    await page.goto(plain());
    await expect(promptOf(inline)).toBeVisible();
    await expect(page.locator('#log [data-event="ready"]').first()).toBeAttached();
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The visitor's own click brings focus in.
    await promptOf(inline).click();
    await page.keyboard.type('How do I cut a dovetail?');
    await expect(promptOf(inline)).toHaveValue('How do I cut a dovetail?');
  });

  test('the launcher opens a popup that takes focus; Escape gives it back to the launcher', async ({
    page,
  }) => {
    await page.goto(plain());
    const launcher = page.getByRole('button', { name: 'Open chat with Juniper Hale' });
    await launcher.click();
    const chat = page.frameLocator('.doppel-bubble iframe');
    await expect(promptOf(chat)).toBeFocused();
    await page.keyboard.type('Hello');
    await expect(promptOf(chat)).toHaveValue('Hello');
    await page.keyboard.press('Escape');
    await expect(page.locator('.doppel-bubble')).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test('the launcher and the iframe are named after the clone, not its slug', async ({ page }) => {
    await page.goto(plain());
    const launcher = page.locator('.doppel-launcher');
    await expect(launcher).toHaveAttribute('aria-label', 'Open chat with Juniper Hale');
    await launcher.click();
    await expect(page.locator('.doppel-bubble iframe')).toHaveAttribute('title', 'Chat with Juniper Hale');
    await expect(page.locator('#inline-chat iframe')).toHaveAttribute('title', 'Chat with Juniper Hale');

    // A page that gives no name (the tiny clone here) learns it from the chat when it is ready.
    await page.goto(plain('&clone=tiny'));
    await page.locator('.doppel-launcher').click();
    await expect(page.locator('.doppel-bubble iframe')).toHaveAttribute('title', 'Chat with Tova Tinker');
    await page.keyboard.press('Escape');
    await expect(page.locator('.doppel-launcher')).toHaveAttribute(
      'aria-label',
      'Open chat with Tova Tinker',
    );
  });

  test('an inline embed with auto-height keeps its height after the first message: no jump', async ({
    page,
  }) => {
    await page.goto(plain());
    const box = page.locator('#inline-chat .doppel');
    const inline = page.frameLocator('#inline-chat iframe');
    await expect(promptOf(inline)).toBeVisible();
    // The introduction has been measured: the height has settled.
    let settled = 0;
    await expect
      .poll(async () => {
        const height = (await box.boundingBox())?.height ?? 0;
        const same = height === settled;
        settled = height;
        return same && height > 480;
      })
      .toBe(true);
    // Every height the box takes from now on, as the host page sees it.
    await box.evaluate((element) => {
      const heights: number[] = [];
      (window as unknown as { heights: number[] }).heights = heights;
      new ResizeObserver(() => heights.push(element.getBoundingClientRect().height)).observe(element);
    });
    await promptOf(inline).fill('What finish goes on a cutting board?');
    await promptOf(inline).press('Enter');
    await expect(inline.locator('.message-clone')).toHaveCount(1);
    await expect(inline.getByRole('button', { name: /^Source \d+$/ }).first()).toBeVisible();
    const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
    expect(Math.min(...heights, settled)).toBeGreaterThanOrEqual(settled);
    expect((await box.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(settled);
  });

  test('a refusal (403, site not allowed) is shown without the "Loading…" text under it', async ({
    page,
  }) => {
    // `fenced` may be embedded only by 127.0.0.1's examples origin: localhost is refused.
    await page.goto(
      `${HOST.replace('127.0.0.1', 'localhost')}/plain/?app=${encodeURIComponent(APP)}&clone=fenced`,
    );
    const box = page.locator('#inline-chat .doppel');
    await expect(
      page.frameLocator('#inline-chat iframe').getByText('This site is not allowed to embed this clone.'),
    ).toBeVisible();
    await expect(box).not.toHaveAttribute('aria-busy', /.*/);
    expect(await box.evaluate((element) => getComputedStyle(element, '::before').content)).toMatch(
      /^(none|normal)$/,
    );
    // The message page fills the box: nothing of the box shows under it.
    const frame = await page.locator('#inline-chat iframe').boundingBox();
    const outer = await box.boundingBox();
    expect(frame?.height).toBe(outer?.height);
  });
});

test.describe('a host with a strict Content-Security-Policy (no inline style or script)', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`the widgets look and work as elsewhere at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const refused = cspViolations(page);
      const answer = await page.goto(strict);
      // The policy names only the site and Doppel, and never 'unsafe-inline'.
      const policy = answer?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain(`style-src 'self' ${APP}`);
      expect(policy).not.toContain('unsafe');

      // The launcher: fixed bottom-right, round, in the site's own colour (its stylesheet's
      // `.doppel-launcher` rule wins over the loader's).
      const launcher = page.getByRole('button', { name: 'Open chat with Juniper Hale' });
      await expect(launcher).toBeVisible();
      const look = await launcher.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          position: style.position,
          radius: style.borderRadius,
          background: style.backgroundColor,
          width: element.getBoundingClientRect().width,
        };
      });
      expect(look).toEqual({ position: 'fixed', radius: '50%', background: 'rgb(122, 63, 18)', width: 56 });
      const at = await launcher.boundingBox();
      expect(Math.round((at?.x ?? 0) + (at?.width ?? 0))).toBe(viewport.width - 20);
      expect(Math.round((at?.y ?? 0) + (at?.height ?? 0))).toBe(viewport.height - 20);

      // The inline chat fills its container and works.
      const inline = page.frameLocator('#inline-chat iframe');
      await expect(promptOf(inline)).toBeVisible();
      expect((await page.locator('#inline-chat .doppel').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(
        480,
      );

      // The popup: about 400 × 640 on a desktop, the whole screen on a phone.
      await page.getByRole('button', { name: 'Ask Juniper about sharpening' }).click();
      const popup = page.locator('.doppel-bubble');
      await expect(popup).toBeVisible();
      const chat = page.frameLocator('.doppel-bubble iframe');
      await expect(chat.locator('.message-clone')).toHaveCount(1);
      await expect(chat.getByRole('button', { name: /^Source \d+$/ }).first()).toBeVisible();
      const box = await popup.boundingBox();
      if (viewport.width >= 640) {
        expect(box?.width).toBe(400);
        expect(box?.height).toBe(640);
        expect(await popup.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      } else {
        expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
      }
      await page.screenshot({ path: test.info().outputPath(`strict-csp-${viewport.width}.png`) });
      await expect(page.locator('#log [data-event="message-received"]').first()).toBeAttached();
      expect(refused).toEqual([]);
    });
  }
});

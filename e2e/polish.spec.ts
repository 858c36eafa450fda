import { expect, test } from '@playwright/test';
import { ask, DESKTOP, PHONE, signIn } from './support/site';

/** Issue 9: what a first-time visitor saw, each defect checked where a person would see it. */

test('citation markers sit tight, keep the line height, never wrap alone, and copies leave them out', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/demo/talk');
  await ask(page, 'How do you sharpen a plane iron?');
  const answer = page.getByRole('log', { name: 'Conversation' }).locator('.message-clone .markdown').last();
  for (const width of [320, 343, 375, 390, 414, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const layout = await answer.evaluate((root) => {
      const lineHeight = Number.parseFloat(getComputedStyle(root).lineHeight);
      const paragraphs = [...root.querySelectorAll('p')].map(
        (p) => p.getBoundingClientRect().height / lineHeight,
      );
      const ties = [...root.querySelectorAll('.cite-tie')].map((tie) => ({
        lines: new Set([...tie.getClientRects()].map((r) => Math.round(r.top))).size,
        text: tie.textContent ?? '',
      }));
      return { paragraphs, ties };
    });
    // Every paragraph is a whole number of lines: no line grew where a marker sits.
    for (const lines of layout.paragraphs)
      expect(Math.abs(lines - Math.round(lines)), `at ${width} px`).toBeLessThan(0.05);
    expect(layout.ties.length).toBeGreaterThan(0);
    for (const tie of layout.ties) {
      // The marker stays on the line of its word, with no space before it or before the stop.
      expect(tie.lines, `"${tie.text}" at ${width} px`).toBe(1);
      expect(tie.text).not.toMatch(/\s/);
    }
  }
  await page.getByRole('button', { name: 'Copy message' }).last().click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(20);
  expect(copied).not.toMatch(/\[\d+\]|\s\./);
});

test('on a phone the warning collapses after the first message and the title gets the room', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/demo/talk');
  const banner = page.locator('.warning-banner');
  await expect(banner).toBeVisible();
  const newTitle = page.getByText('New conversation');
  // One line (its padding included), not wrapped onto two.
  expect((await newTitle.boundingBox())?.height ?? 99).toBeLessThan(45);
  await ask(page, 'How do you sharpen a plane iron?');
  await expect.poll(async () => (await banner.boundingBox())?.height ?? 0).toBeLessThan(60);
  const title = page.getByRole('button', { name: /^Conversation title: / });
  await expect(title).toBeVisible();
  expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(150);
});

test('a source quotes the cited passage with its own time, clamped to whole lines, and expands', async ({
  page,
}) => {
  await page.goto('/demo/talk');
  // Answered from the listener-questions podcast: its third paragraph, at 02:05, not its opening.
  await ask(page, 'How do I deal with tear-out on figured maple?');
  await page
    .getByRole('log', { name: 'Conversation' })
    .getByRole('button', { name: 'Source 1' })
    .first()
    .click();
  const sheet = page.getByRole('dialog', { name: 'Citations' });
  const first = sheet.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expect(first.locator('blockquote')).not.toContainText('Hello and welcome');
  await expect(first.locator('.citation-time')).not.toHaveText('00:00');
  // Every clamped quote shows whole lines only, and opens in full on request.
  const more = sheet.getByRole('button', { name: 'Show more' }).first();
  await expect(more).toBeVisible();
  const quote = sheet.locator('.citation-quote-text').first();
  const clamped = await quote.evaluate((el) => {
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
    return el.getBoundingClientRect().height / lineHeight;
  });
  expect(Math.abs(clamped - Math.round(clamped))).toBeLessThan(0.05);
  const before = (await quote.boundingBox())?.height ?? 0;
  await more.click();
  await expect(sheet.getByRole('button', { name: 'Show less' }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect((await quote.boundingBox())?.height ?? 0).toBeGreaterThan(before);
});

test('the talk page shows its shape at once, never a blank page, on the way from the profile', async ({
  page,
}) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale', exact: true })).toBeVisible();
  // The talk page's code arrives late: its shape shows meanwhile.
  await page.route('**/assets/talk-page-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page.locator('.talk[aria-busy="true"]')).toBeVisible({ timeout: 500 });
  await expect(page.getByRole('textbox', { name: /^Message/ })).toBeVisible();
});

test('an over-long message is refused with a counter, and nothing is sent', async ({ page }) => {
  await page.goto('/demo/talk');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/messages/stream')) sent.push(request.url());
  });
  const box = page.getByRole('textbox', { name: /^Message/ });
  await box.fill('x'.repeat(3_700));
  await expect(page.getByText('3,700/4,000')).toBeVisible();
  await box.fill('x'.repeat(4_100));
  await expect(page.getByText('4,100/4,000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await box.press('Enter');
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  await expect(page.locator('.message-clone')).toHaveCount(0);
});

test('the socials dialog fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/demo');
  await page.getByRole('button', { name: 'View socials' }).click();
  const dialog = page.getByRole('dialog', { name: 'View Socials' });
  await expect(dialog.getByRole('link').first()).toBeVisible();
  const fit = await dialog.evaluate((el) => ({
    overflow: el.scrollWidth - el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(fit.overflow).toBeLessThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(PHONE.width);
});

test('a like is kept: shown again after a reload', async ({ page }) => {
  await page.goto('/demo/talk');
  await ask(page, 'How do you sharpen a plane iron?');
  const like = page.getByRole('button', { name: 'Like', exact: true }).last();
  const saved = page.waitForResponse((r) => r.url().endsWith('/reaction') && r.status() === 200);
  await like.click();
  await saved;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Like', exact: true }).last()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Dislike' }).last()).toHaveAttribute('aria-pressed', 'false');
});

test('toasts cover no header title, at either width', async ({ page }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/demo/talk');
    await ask(page, 'How do you sharpen a plane iron?');
    await page.getByRole('button', { name: /^Conversation title: / }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`Sharpening ${viewport.width}`);
    await page.keyboard.press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Conversation title updated' });
    await expect(toast).toBeVisible();
    const header = await page.locator('.site-header').boundingBox();
    const at = await toast.boundingBox();
    expect(at && header && at.y >= header.y + header.height).toBe(true);
  }
});

test('the profile at 1280x800: name alone in the heading, questions and prompt above the fold', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Verified creator' })).toBeVisible();
  const questions = page.getByRole('region', { name: 'Suggested questions' });
  const prompt = page.getByRole('textbox', { name: 'Message Juniper Hale' });
  for (const part of [questions, prompt]) {
    const box = await part.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
  }
});

test('the sign-in dialog: "Sign in" with messages left, title on the first row; the account menu shows a long e-mail whole', async ({
  page,
}) => {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await expect(dialog).toBeVisible();
  const top = (await dialog.boundingBox())?.y ?? 0;
  const title = (await dialog.getByRole('heading', { name: 'Sign in' }).boundingBox())?.y ?? 999;
  expect(title - top).toBeLessThan(40);
  await page.keyboard.press('Escape');

  const email = await signIn(page);
  await page.reload();
  await page.getByRole('button', { name: `Account: ${email}` }).click();
  const shown = page.getByRole('menu', { name: 'Account' }).getByText(email);
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('a full-page embed on a desktop keeps its prompt as wide as its messages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/embed/demo');
  const prompt = page.locator('.composer');
  await expect(prompt).toBeVisible();
  const column = await page.locator('.chat-column').first().boundingBox();
  const box = await prompt.boundingBox();
  expect(box && column && box.width <= column.width).toBe(true);
});

/**
 * Sharing a conversation (spec/chat.md §2, §4, §8; issue 10 §1) in Chromium against the real
 * server. Desktop: the share side panel ('Share Call') with its copy-link field and Share on
 * links; the read-only shared view opened by someone else (no message actions, sources open),
 * continued as their own conversation; the owner stops sharing from the history and the link
 * stops working at once. Phone: the link is copied at once; when the clipboard is refused, a
 * prompt shows the link.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ask, DESKTOP, expectAccessible, PHONE, signIn } from './support/site';

const QUESTION = 'What angles do you sharpen plane irons at?';

/** Asks a question, then shares: the header's Share button, or on a phone the Action Center's entry. */
async function shareFromTalk(page: Page, via: 'header' | 'actions'): Promise<void> {
  await signIn(page);
  await page.goto('/demo/talk');
  await ask(page, QUESTION);
  await expect(page).toHaveURL(/\/demo\/talk\/conversation\/[0-9a-f-]+$/);
  if (via === 'header') {
    await page.getByRole('button', { name: 'Share conversation' }).click();
    return;
  }
  await expect(page.getByRole('button', { name: 'Share conversation' })).toBeHidden();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page
    .getByRole('dialog', { name: 'Actions' })
    .getByRole('button', { name: 'Share Conversation' })
    .click();
}

test('share from the side panel, read and continue the shared view, stop sharing (desktop)', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await shareFromTalk(page, 'header');
  const panel = page.getByRole('dialog', { name: 'Share Call' });
  await expect(panel).toBeVisible();
  const link = await panel.getByLabel('Share link').inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/demo\/talk\/conversation\/shared\/[A-Za-z0-9_-]{12}$/);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Copied Share Link')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // spec/chat.md §4: the confirmation goes after 2.5 s.
  await expect(panel.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4_000 });
  for (const [name, host] of [
    ['Share on LinkedIn', 'www.linkedin.com'],
    ['Share on X', 'twitter.com'],
    ['Share on WhatsApp', 'wa.me'],
  ] as const) {
    const target = panel.getByRole('link', { name });
    await expect(target).toHaveAttribute('target', '_blank');
    const href = (await target.getAttribute('href')) ?? '';
    expect(new URL(href).host).toBe(host);
    expect(decodeURIComponent(href)).toContain(link);
  }
  expect(
    decodeURIComponent((await panel.getByRole('link', { name: 'Via Email' }).getAttribute('href')) ?? ''),
  ).toContain(link);
  await expectAccessible(page, 'share panel');
  await page.screenshot({ path: 'test-results/share-panel-desktop.png' });
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share conversation' })).toBeFocused();

  // Someone else opens the link: read-only, sources open, no message actions.
  const reader: BrowserContext = await browser.newContext({ viewport: DESKTOP });
  const other = await reader.newPage();
  await other.goto(link);
  const log = other.getByRole('log', { name: 'Conversation' });
  await expect(other.getByRole('heading', { name: QUESTION })).toBeVisible();
  await expect(log.getByText(/25 degrees/).first()).toBeVisible();
  await expect(log.getByRole('button', { name: 'Copy message' })).toHaveCount(0);
  await expect(log.getByRole('button', { name: 'Save message' })).toHaveCount(0);
  await log
    .getByRole('button', { name: /^Source \d+$/ })
    .first()
    .click();
  await expect(other.getByRole('dialog')).toBeVisible();
  await other.keyboard.press('Escape');
  await expectAccessible(other, 'shared conversation');
  await other.screenshot({ path: 'test-results/share-view-desktop.png' });

  // Sending continues it as the reader's own conversation.
  await other.getByRole('textbox', { name: /^Message/ }).fill('How often do you touch up the edge?');
  await other.keyboard.press('Enter');
  await expect(other.getByText('Conversation started!')).toBeVisible();
  await expect(other).toHaveURL(/\/demo\/talk\/conversation\/[0-9a-f-]+$/);
  const ownLog = other.getByRole('log', { name: 'Conversation' });
  await expect(ownLog.getByText('How often do you touch up the edge?')).toBeVisible();
  await expect(ownLog.getByRole('button', { name: /^Source \d+$/ })).not.toHaveCount(0);
  await expect(ownLog.getByRole('button', { name: 'Copy message' })).toHaveCount(2);

  // The owner stops sharing from the history: the link stops working at once.
  await page.getByRole('button', { name: 'Conversation history' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByText('Shared', { exact: true })).toBeVisible();
  await history.getByRole('button', { name: `Stop sharing ${QUESTION}` }).click();
  await expect(page.getByText('Conversation is no longer shared')).toBeVisible();
  await expect(history.getByText('Shared', { exact: true })).toHaveCount(0);
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Conversation is no longer shared' })).toBeVisible();
  await reader.close();
});

test('share on a phone from the Action Center: the link is copied at once; a refused clipboard shows it in a prompt', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // The clipboard refuses, as a browser without the permission does.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  const prompted: string[] = [];
  page.on('dialog', async (dialog) => {
    prompted.push(dialog.defaultValue());
    await dialog.dismiss();
  });
  await shareFromTalk(page, 'actions');
  await expect.poll(() => prompted.length).toBe(1);
  expect(prompted[0]).toMatch(/\/demo\/talk\/conversation\/shared\/[A-Za-z0-9_-]{12}$/);
  await expect(page.getByRole('dialog', { name: 'Share Call' })).toHaveCount(0);
  const link = prompted[0] ?? '';
  await page.goto(link);
  await expect(page.getByRole('heading', { name: QUESTION })).toBeVisible();
  await expectAccessible(page, 'shared conversation on a phone');
  await page.screenshot({ path: 'test-results/share-view-phone.png' });
});

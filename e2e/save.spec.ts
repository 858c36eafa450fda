/**
 * Save and unsave (spec/chat.md §4 Save, §8; issue 10 §2) in Chromium against the real server, at
 * 1280 and 375 px: a signed-in visitor saves an answer (optimistic, 'Message saved'), it stays saved
 * after a reload, is found again in the history drawer's Saved messages and opens its conversation;
 * unsaving says 'Message unsaved' and takes it off the list.
 */
import { expect, test } from '@playwright/test';
import { ask, DESKTOP, expectAccessible, PHONE, signIn } from './support/site';

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`save an answer, find it in the history, unsave it (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/demo/talk');
    await ask(page, 'What angles do you sharpen plane irons at?');
    const log = page.getByRole('log', { name: 'Conversation' });
    const save = log.getByRole('button', { name: 'Save message' });
    await save.click();
    await expect(page.getByText('Message saved')).toBeVisible();
    await expect(log.getByRole('button', { name: 'Unsave message' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `test-results/save-${name}.png` });

    // Stored: still saved after a reload of the conversation's address.
    await expect(page).toHaveURL(/\/demo\/talk\/conversation\/[0-9a-f-]+$/);
    const conversationUrl = page.url();
    await page.reload();
    await expect(log.getByRole('button', { name: 'Unsave message' })).toBeVisible();

    // Found again from the history, on another page.
    await page.goto('/demo/talk');
    await page.getByRole('button', { name: 'Conversation history' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByRole('button', { name: 'Saved messages' }).click();
    const saved = history.getByRole('region', { name: 'Saved messages' }).getByRole('link');
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText('25');
    await expect(saved.first()).toContainText('What angles do you sharpen plane irons at?');
    await expect(saved.first()).not.toContainText('[1]');
    await expectAccessible(page, 'history with saved messages');
    await page.screenshot({ path: `test-results/save-history-${name}.png` });
    await saved.first().click();
    await expect(page).toHaveURL(conversationUrl);
    await expect(history).toHaveCount(0);

    // Unsave: said, and gone from the list.
    await log.getByRole('button', { name: 'Unsave message' }).click();
    await expect(page.getByText('Message unsaved')).toBeVisible();
    await expect(log.getByRole('button', { name: 'Save message' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Conversation history' }).click();
    await history.getByRole('button', { name: 'Saved messages' }).click();
    await expect(history.getByText('No saved messages.', { exact: false })).toBeVisible();
  });
}

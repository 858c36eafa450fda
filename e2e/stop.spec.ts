import { expect, test } from '@playwright/test';
import { SLOW } from './support/ports';

/**
 * The stop button against a server whose answers come slowly from a local LLM double
 * (e2e/support/fake-llm.mjs speaks the chat-completions streaming protocol).
 */

test('stop is guarded for 1 s, then cancels and keeps the partial answer', async ({ page }) => {
  // The page's clock is held still while the guard is checked, so a slow machine cannot let
  // the first second pass between the send and the first look at the button.
  await page.clock.install();
  await page.goto(`${SLOW}/demo/talk`);
  await page.getByRole('textbox', { name: /message/i }).fill('Tell me about patience in the shop');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.keyboard.press('Enter');

  const stop = page.getByRole('button', { name: 'Stop generating' });
  await expect(stop).toBeVisible();
  await expect(stop).toBeDisabled();
  await page.clock.runFor(900);
  await expect(stop).toBeDisabled();
  await page.clock.runFor(200);
  await expect(stop).toBeEnabled();
  await page.clock.resume();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('Let me walk you through');
  await stop.click();

  await expect(page.getByText('Response cancelled by user')).toBeVisible();
  await expect(stop).toBeHidden();
  const partial = await log.locator('.message-clone').last().innerText();
  expect(partial).toContain('Let me walk you through');
  expect(partial).not.toContain('fixed the next day');

  // The server kept a consistent conversation: the partial answer, marked interrupted.
  await expect(page).toHaveURL(/\/conversation\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop();
  await expect
    .poll(async () => {
      const conversation = await (await page.request.get(`${SLOW}/api/conversations/${id}`)).json();
      return conversation.messages.map(
        (m: { sender: string; interrupted: boolean }) => `${m.sender}:${m.interrupted}`,
      );
    })
    .toEqual(['USER:false', 'CLONE:true']);

  // Issue 9 §6: what the visitor saw is what stays — the same words after a reload, not the
  // answer the server went on to produce.
  const shown = await log.locator('.message-clone .markdown').last().innerText();
  await page.reload();
  await expect(log.locator('.message-clone .markdown').last()).toHaveText(shown);
  await expect(log.locator('.message-clone').last()).toContainText('Response stopped');
  const stored = await (await page.request.get(`${SLOW}/api/conversations/${id}`)).json();
  expect(stored.messages.at(-1).text).not.toContain('fixed the next day');
});

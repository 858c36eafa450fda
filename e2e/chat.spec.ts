import { expect, test } from '@playwright/test';

/**
 * The newcomer flow of issue 2, in Chromium against the real started server with the demo
 * clone: profile → suggested question → streamed grounded answer → sources → reload.
 */
test('a newcomer asks a suggested question and sees a grounded, cited answer', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale' })).toBeVisible();
  // No voice or video provider is configured: the profile must not offer calls.
  await expect(page.getByRole('button', { name: /^call$/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^video$/i })).toHaveCount(0);

  const suggestions = page.getByRole('region', { name: 'Suggested questions' }).getByRole('listitem');
  // Three shown, and a shuffle button since the demo clone has more than three.
  await expect(suggestions).toHaveCount(3);
  const shuffle = page.getByRole('button', { name: 'Shuffle suggested questions' });
  const before = await suggestions.allInnerTexts();
  await shuffle.click();
  await expect.poll(() => suggestions.allInnerTexts()).not.toEqual(before);
  const question = suggestions.first().getByRole('button');
  const questionText = (await question.innerText()).trim();
  await question.click();

  await expect(page).toHaveURL(/\/demo\/talk\/conversation\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(questionText)).toBeVisible();
  // The answer cites its sources with clickable markers once it is complete.
  const marker = log.getByRole('button', { name: /^Source \d+$/ }).first();
  await expect(marker).toBeVisible();

  await marker.click();
  const sheet = page.getByRole('dialog', { name: 'Citations' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(sheet.getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Reloading keeps the conversation at its own URL.
  const url = page.url();
  const answer = await log.locator('.message-clone').last().innerText();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(log.getByText(questionText)).toBeVisible();
  await expect(log.locator('.message-clone').last()).toContainText(answer.split('\n')[0]!.slice(0, 40));
});

test('the answer streams in token by token', async ({ page }) => {
  // Count how many token events arrive, from the browser's own view of the stream.
  await page.goto('/demo/talk');
  const body = page.waitForResponse((r) => r.url().endsWith('/api/clone/talk/messages/stream'));
  await page.getByRole('textbox', { name: /message/i }).fill('How do you sharpen a plane iron?');
  await page.keyboard.press('Enter');
  const response = await body;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const events = (await response.text()).split('\n').filter((l) => l.startsWith('data: '));
  expect(events.length).toBeGreaterThan(10);
  expect(JSON.parse(events.at(-1)!.slice(6)).type).toBe('message');
  await expect(page).toHaveURL(/\/demo\/talk\/conversation\//);
});

test('Shift+Enter adds a line, Enter sends, and a blank draft cannot be sent', async ({ page }) => {
  await page.goto('/demo/talk');
  const box = page.getByRole('textbox', { name: /message/i });
  const log = page.getByRole('log', { name: 'Conversation' });
  // An empty draft has nothing to send: the button is the microphone (dictation is offered here).
  await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record a voice message' })).toBeVisible();
  // Spaces make a draft, not a message: the send button shows, disabled, and Enter sends nothing.
  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await box.press('Enter');
  await expect(log.locator('.message-user')).toHaveCount(0);
  await box.fill('first line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue('first line\nsecond line');
  await box.press('Enter');
  await expect(log.getByText('second line')).toBeVisible();
});

test('the profile works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Hale' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

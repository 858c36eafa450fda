import { expect, type Page, test } from '@playwright/test';
import { fakeMicrophone } from './support/fake-microphone';
import { APP, HOST } from './support/ports';
import { DESKTOP, PHONE } from './support/site';

/**
 * Issue 11, a voice call's limits, sharing and embedding, end to end on the local pipeline:
 * a visitor of `brief` (6 seconds of calls) runs out mid-call and gets the voice paywall, then
 * finds the start button disabled with its tooltip; a call in an embed on another origin with a
 * configuration's call limit (`e2e-call-limit`: 6 seconds, playwright.config.ts) stops and tells
 * the host page `voice-exhausted` with the configuration id; an ended call is shared with
 * 'Share Call' and its share page shows the transcript.
 */
test.use(fakeMicrophone('How do you oil a bike chain?', { before: 1, after: 8 }));

const shot = async (page: Page, name: string) => {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/voice-limits-${name}-${size}.png` });
  }
  await page.setViewportSize(DESKTOP);
};

test('a visitor runs out of voice minutes: the call stops, the paywall opens, the start button is disabled', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/brief/call');
  // 6 seconds left: the countdown never says less than one minute (spec/calls.md §5).
  await expect(page.getByText('1 minute left')).toBeVisible();
  await page.getByRole('button', { name: 'Start a call' }).click();
  await expect(page.getByRole('button', { name: 'End call' })).toBeVisible();
  // At zero the call stops and the paywall opens: a visitor is asked to sign in first.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("You've used your free call minutes. Sign in to keep talking.", {
    timeout: 20_000,
  });
  await expect(page.getByText('Call Ended')).toBeVisible();
  await shot(page, 'paywall');
  // The server charged exactly the visitor's quota, and the browser kept what is left.
  const usage = await (await page.request.get('/api/clones/brief/usage')).json();
  expect(usage.usage.voice_seconds).toBe(6);
  expect(await page.evaluate(() => localStorage.getItem('doppel:voice-remaining:brief/'))).toBe('0');

  // Back on the page: the start button is disabled, and its tooltip says why.
  await page.keyboard.press('Escape');
  await page.reload();
  const startButton = page.getByRole('button', { name: 'Start a call' });
  await expect(startButton).toBeDisabled();
  await page.locator('.quota-tooltip').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'You have exhausted your monthly call quota with this Clone.',
  );
  await expect(page.getByRole('tooltip')).toBeVisible();
  await shot(page, 'spent');
});

test('a call in an embed on another origin stops at its configuration’s limit and tells the host voice-exhausted', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  // A creator's page on the host origin (examples/plain): the inline widget with the
  // configuration, opening on the call screen (the loader's page option).
  await page.goto(`${HOST}/plain/?app=${encodeURIComponent(APP)}&clone=tiny&config=e2e-call-limit&page=call`);
  const frame = page.frameLocator('#inline-chat iframe');
  await frame.getByRole('button', { name: 'Start a call' }).click();
  await expect(frame.getByRole('button', { name: 'End call' })).toBeVisible();
  await shot(page, 'embed-call');
  await expect(frame.getByText('Call Ended')).toBeVisible({ timeout: 20_000 });
  // No paywall in this embed: the host is told instead, as an event and as a window message.
  await expect(frame.getByRole('dialog')).toHaveCount(0);
  const log = page.locator('#log li[data-event="voice-exhausted"]');
  await expect(log.filter({ hasText: /event voice-exhausted .*"configId":"e2e-call-limit"/ })).toHaveCount(1);
  await expect(
    log.filter({ hasText: 'message voice-exhausted {"type":"voice-exhausted","configId":"e2e-call-limit"}' }),
  ).toHaveCount(1);
  // The chat is one link away, inside the embed.
  await frame.getByRole('link', { name: 'Chat', exact: true }).click();
  // …and the chat's Call link opens the call screen again, not the chat.
  await frame.getByRole('link', { name: 'Call Tova Tinker' }).click();
  await expect(frame.getByRole('button', { name: 'Start a call' })).toBeVisible();
});

test('Share Call shares the ended call; its share page shows the transcript', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/tiny/call');
  await page.getByRole('button', { name: 'Start a call' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.locator('.call-line.is-assistant').first()).toContainText(/\w+/, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'End call' }).click();
  await expect(page.getByText('Call Ended')).toBeVisible();
  await shot(page, 'ended');
  await page.getByRole('button', { name: 'Share Call' }).click();
  const panel = page.getByRole('dialog', { name: 'Share Call' });
  const link = await panel.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${APP}/tiny/call/shared/[\\w-]+$`));
  await shot(page, 'ended-share');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your call with Tova Tinker' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('.message-user').first()).toContainText(/how do you/i);
  await expect(log.locator('.message-clone').first()).toBeVisible();
  await shot(page, 'share-page');

  // A link that leads nowhere says so.
  await page.goto('/tiny/call/shared/no-such-share');
  await expect(page.getByText('Call is no longer shared')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { fakeMicrophone } from './support/fake-microphone';
import { APP, HOST } from './support/ports';
import { DESKTOP, expectAccessible, PHONE } from './support/site';

/**
 * Issue 11, the local voice call end to end: Chromium's fake microphone says a question (espeak-ng,
 * written here before the browser starts, with quiet after it), the call page streams it to the
 * server's pipeline (energy VAD, pocketsphinx with the clone's own model, the brain, espeak-ng),
 * the transcript shows both sides, the clone's answer plays, and ending the call leads to its
 * transcript. The `tiny` fixture clone takes calls and gives visitors 2 minutes.
 */
// Quiet before and after the question: the fake microphone plays it in a loop.
test.use(fakeMicrophone('How do you oil a bike chain?', { before: 1, after: 8 }));

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a visitor calls the clone, asks by voice, hears the answer and reads the transcript (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/tiny');
    await page.getByRole('link', { name: 'Call' }).click();
    await expect(page).toHaveURL(/\/tiny\/call$/);
    // A visitor's anonymous time: 2 minutes.
    await expect(page.getByText('2 minutes left')).toBeVisible();
    await page.screenshot({ path: `test-results/voice-call-idle-${name}.png` });
    await page.getByRole('button', { name: 'Start a call' }).click();
    await expect(page.getByRole('button', { name: 'End call' })).toBeVisible();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    // The caller's question, as the recogniser heard it, then the clone's answer.
    await expect(transcript.locator('.call-line.is-user').first()).toContainText(/how do you/i, {
      timeout: 30_000,
    });
    await expect(transcript.locator('.call-line.is-assistant').first()).toContainText(/\w+/, {
      timeout: 30_000,
    });
    await expect(page.getByRole('status')).toContainText('Talking', { timeout: 20_000 });
    await expectAccessible(page, 'a voice call');
    await page.screenshot({ path: `test-results/voice-call-${name}.png` });

    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByText('Call Ended')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat' })).toBeVisible();
    await page.screenshot({ path: `test-results/voice-call-ended-${name}.png` });
    // The call's seconds were charged to this visitor.
    const usage = await (await page.request.get('/api/clones/tiny/usage')).json();
    expect(usage.usage.voice_seconds).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'View Transcript' }).click();
    await expect(page).toHaveURL(/\/tiny\/talk\/conversation\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log.locator('.message-user').first()).toContainText(/how do you/i);
    await expect(log.locator('.message-clone').first()).toBeVisible();
  });
}

for (const [name, viewport] of [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const) {
  test(`a visitor calls the clone INSIDE AN EMBED on another origin: asks by voice, hears the answer, reads the transcript, ends (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // A creator's page on the host origin (examples/plain, 127.0.0.1) with the inline widget of
    // the app (localhost), opening on the call screen; no configuration, so no call limit.
    await page.goto(`${HOST}/plain/?app=${encodeURIComponent(APP)}&clone=tiny&page=call`);
    const frame = page.frameLocator('#inline-chat iframe');
    await expect(frame.getByText('2 minutes left')).toBeVisible();
    await frame.getByRole('button', { name: 'Start a call' }).click();
    await expect(frame.getByRole('button', { name: 'End call' })).toBeVisible();
    const transcript = frame.getByRole('region', { name: 'Transcript' });
    // The fake microphone plays its file in a loop: the call may open on its tail, a fragment;
    // the whole question follows.
    await expect(
      transcript
        .locator('.call-line.is-user')
        .filter({ hasText: /how do you/i })
        .first(),
    ).toBeVisible({
      timeout: 45_000,
    });
    await expect(transcript.locator('.call-line.is-assistant').first()).toContainText(/\w+/, {
      timeout: 30_000,
    });
    // The answer is heard: the clone talks (its audio plays in the embed's frame).
    await expect(frame.getByRole('status')).toContainText('Talking', { timeout: 20_000 });
    await page.screenshot({ path: `/work/notes/shots/vapi-embed-call-${name}.png` });
    await frame.getByRole('button', { name: 'End call' }).click();
    await expect(frame.getByText('Call Ended')).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
    // No transcript link inside an embed (spec/calls.md §5).
    await expect(frame.getByRole('link', { name: 'View Transcript' })).toHaveCount(0);
    await page.screenshot({ path: `/work/notes/shots/vapi-embed-call-ended-${name}.png` });
  });
}

test('a clone that takes no calls shows no Call button, and its call page says so', async ({ page }) => {
  // `cora` (the creator-tools fixture) does not allow voice.
  await page.goto('/cora');
  await expect(page.getByRole('link', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call' })).toHaveCount(0);
  await page.goto('/cora/call');
  await expect(page.getByText('does not take voice calls on this site')).toBeVisible();
});

test('the demo clone takes calls on a laptop with nothing configured: 3 minutes for a visitor', async ({
  page,
}) => {
  await page.goto('/demo');
  await page.getByRole('link', { name: 'Call' }).click();
  await expect(page.getByRole('button', { name: 'Start a call' })).toBeEnabled();
  await expect(page.getByText('3 minutes left')).toBeVisible();
});

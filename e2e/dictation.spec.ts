import { type ChildProcess, spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import {
  LOCAL_GLADIA_KEY,
  type LocalGladia,
  startLocalGladia,
} from '../packages/server/src/providers/gladia/local-gladia';
import { fakeMicrophone } from './support/fake-microphone';
import { APP_PORT } from './support/ports';
import { DESKTOP, expectAccessible, PHONE } from './support/site';

/**
 * Issue 11, dictation end to end: Chromium's fake microphone plays a question espeak-ng spoke
 * (written here, before the browser starts), the prompt records it, the server's pocketsphinx
 * recognises it with the demo clone's own language model, and the text goes as a chat message.
 */
const QUESTION = 'How do you sharpen a chisel?';
// Quiet before and after the question: the fake microphone plays it in a loop.
test.use(fakeMicrophone(QUESTION, { before: 0.5, after: 3 }));

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a dictated question is sent as a chat message (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/demo/talk');
    const mic = page.getByRole('button', { name: 'Record a voice message' });
    await expect(mic).toBeVisible();
    await mic.click();
    const bar = page.getByRole('group', { name: 'Voice message' });
    await expect(bar.getByRole('button', { name: 'Stop and send voice message' })).toBeVisible();
    // The waveform moves with the voice: some bar rises above the quiet level.
    await expect
      .poll(() =>
        bar
          .locator('rect')
          .evaluateAll((rects) => Math.max(...rects.map((r) => Number(r.getAttribute('height'))))),
      )
      .toBeGreaterThan(10);
    await expectAccessible(page, 'recording a voice message');
    await page.screenshot({ path: `test-results/dictation-recording-${name}.png` });
    await page.waitForTimeout(2_500);
    const recognised = page.waitForResponse((r) => r.url().endsWith('/api/clones/demo/dictation'));
    await bar.getByRole('button', { name: 'Stop and send voice message' }).click();
    await expect(bar.getByRole('button', { name: 'Transcribing voice message' })).toBeVisible();
    const heard: string = (await (await recognised).json()).text;
    // pocketsphinx hears espeak-ng's voice only roughly ("how do you sharpen a you glue"): the
    // question's opening is what it gets every time (docs/performance.md has the measured rate).
    expect(heard).toMatch(/^how do you\b/);

    const log = page.getByRole('log', { name: 'Conversation' });
    const sent = log.locator('.message-user').first();
    await expect(sent).toContainText(heard);
    await expect(log.locator('.message-clone')).toHaveCount(1);
    // Back to the prompt, the microphone ready for the next memo.
    await expect(page.getByRole('button', { name: 'Record a voice message' })).toBeVisible();
  });
}

test('cancel keeps nothing: no message is sent', async ({ page }) => {
  await page.goto('/demo/talk');
  await page.getByRole('button', { name: 'Record a voice message' }).click();
  const bar = page.getByRole('group', { name: 'Voice message' });
  await expect(bar).toBeVisible();
  await page.waitForTimeout(1_000);
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().includes('/dictation') || request.url().includes('/messages/stream')) posted += 1;
  });
  await bar.getByRole('button', { name: 'Cancel voice message' }).click();
  await expect(page.getByRole('textbox', { name: /^Message/ })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(posted).toBe(0);
  await expect(page.getByRole('log', { name: 'Conversation' }).locator('.message-user')).toHaveCount(0);
});

/**
 * Gladia live transcription end to end: a second server with GLADIA_API_KEY set talks to a local
 * server speaking Gladia's HTTP and WebSocket protocol (packages/server/src/providers/gladia/
 * local-gladia.ts); the page streams the fake microphone to the session and sends what it heard.
 */
test.describe('dictation heard live by Gladia', () => {
  const HEARD = 'how do you sharpen a chisel';
  let gladia: LocalGladia;
  let server: ChildProcess;
  const site = `http://localhost:${APP_PORT + 2}`;

  test.beforeAll(async () => {
    gladia = await startLocalGladia({ transcript: HEARD });
    server = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(APP_PORT + 2),
        EXAMPLES_PORT: '0',
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        GLADIA_API_KEY: LOCAL_GLADIA_KEY,
        GLADIA_BASE_URL: gladia.url,
      },
    });
    await expect
      .poll(
        () =>
          fetch(`${site}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  });
  test.afterAll(async () => {
    server?.kill();
    await gladia?.close();
  });

  test('the memo streams to the live session; the text is sent and the key never reaches the page', async ({
    page,
  }) => {
    const bodies: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/'))
        void r.text().then(
          (t) => bodies.push(t),
          () => undefined,
        );
    });
    await page.goto(`${site}/demo/talk`);
    await page.getByRole('button', { name: 'Record a voice message' }).click();
    const bar = page.getByRole('group', { name: 'Voice message' });
    await expect(bar.getByRole('button', { name: 'Stop and send voice message' })).toBeVisible();
    // Two whole seconds streamed (1 s chunks), then stop.
    await expect
      .poll(() => Math.max(0, ...[...gladia.sessions.values()].map((s) => s.frames.length)))
      .toBeGreaterThanOrEqual(2);
    await bar.getByRole('button', { name: 'Stop and send voice message' }).click();
    await expect(bar.getByRole('button', { name: 'Transcribing voice message' })).toBeVisible();
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log.locator('.message-user').first()).toContainText(HEARD);
    await page.screenshot({ path: 'test-results/dictation-gladia.png' });

    const [session] = [...gladia.sessions.values()];
    expect(gladia.sessions.size).toBe(1);
    expect(session?.problems).toEqual([]);
    expect(session?.messages).toEqual([{ type: 'stop_recording' }]);
    expect(session?.request).toMatchObject({ sample_rate: 48_000, channels: 1, bit_depth: 16 });
    expect(session?.frames.slice(0, -1).every((f) => f.length === 96_000)).toBe(true);
    expect(bodies.join('\n')).not.toContain(LOCAL_GLADIA_KEY);
  });
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { FREE_VIDEO_MINUTES_USED } from '../packages/protocol/src/account-constants';
import { fakeMicrophone } from './support/fake-microphone';
import { DESKTOP, expectAccessible, PHONE } from './support/site';

/**
 * Issue 12, video calls on the local provider end to end in Chromium with a fake camera and a
 * fake microphone (espeak-ng's question in a WAV): the start overlay, a suggested question, the
 * clone's answer heard (its portrait moves with it), the timer, the end, and the share page
 * playing the call's real recording; the queue when the local calls are taken
 * (VIDEO_LOCAL_MAX_CALLS=1, playwright.config.ts); a visitor of `vidbrief` (6 s of video) gets the
 * paywall; the countdown and the 1-hour limit with the page's clock moved on; the self-view
 * snapping at both widths; axe on the start overlay, the live view, the end overlay, the queue, the
 * paywall and the share page at both widths.
 */
const media = fakeMicrophone('How do you oil a bike chain?', { before: 1, after: 8 });
test.use({ ...media, permissions: ['microphone', 'camera'] });

const shot = (page: Page, name: string) => page.screenshot({ path: `/work/notes/shots/video-${name}.png` });

async function startCall(page: Page, slug: string, question: string | null) {
  await page.goto(`/${slug}/video`);
  const start = page.getByRole('region', { name: 'Start a video call' });
  await expect(start.getByText('Some Inspiration')).toBeVisible();
  // Three suggested questions, no more (spec/calls.md §9).
  if (slug === 'vida') await expect(start.locator('.video-question')).toHaveCount(3);
  if (question) await start.getByRole('button', { name: question }).click();
  else await start.getByRole('button', { name: 'Start Video Call' }).click();
}

test('start overlay → question → answer heard → timer → end → the share page plays the recording', async ({
  page,
}) => {
  // A real-time call, eight accessibility scans (each several seconds on a loaded 2-core
  // machine, with the stage animating) and a recording played back.
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/vida');
  await page.getByRole('link', { name: 'Video' }).click();
  await expect(page).toHaveURL(/\/vida\/video$/);
  // The start overlay drawn (the screen's chunk loads after the address changes).
  await expect(page.getByText('Some Inspiration')).toBeVisible();
  await shot(page, 'start-1280');
  await expectAccessible(page, 'start overlay, 1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'start-375');
  await expectAccessible(page, 'start overlay, 375');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'What pressure for road tyres?' }).click();
  // Live: the red pill, the timer running, the clone answering the chosen question.
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  const timer = page.getByRole('timer', { name: 'Call time' });
  await expect(timer).toHaveText(/^00:0\d$/);
  await expect(page.locator('.video-caption.is-assistant')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.video-clone-status')).toHaveText('Talking', { timeout: 30_000 });
  // The answer is heard: the clone's speech moves the stage's level meter.
  await expect
    .poll(async () => page.evaluate(() => document.querySelector('.video-canvas') !== null))
    .toBe(true);
  await expect(timer).toHaveText(/^00:0[3-9]|00:[1-5]\d$/, { timeout: 15_000 });
  await shot(page, 'live-1280');
  await expectAccessible(page, 'live view, 1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'live-375');
  await expectAccessible(page, 'live view, 375');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'End call' }).click();
  const ended = page.getByRole('region', { name: 'Call ended' });
  await expect(ended.getByText('Call Ended')).toBeVisible();
  await expect(ended.getByText('Your recording is ready to share.')).toBeVisible({ timeout: 30_000 });
  await expect(ended.getByRole('link', { name: 'Chat' })).toBeVisible();
  await expect(ended.getByRole('button', { name: 'Call Again' })).toBeVisible();
  await shot(page, 'ended-1280');
  await expectAccessible(page, 'end overlay, 1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'ended-375');
  await expectAccessible(page, 'end overlay, 375');
  await page.setViewportSize(DESKTOP);
  // The video seconds were charged on the server.
  const usage = await (await page.request.get('/api/clones/vida/usage')).json();
  expect(usage.usage.video_seconds).toBeGreaterThan(2);

  await ended.getByRole('button', { name: /share/i }).click();
  const link = await page.getByRole('textbox').first().inputValue();
  expect(link).toMatch(/\/vida\/call\/shared\/[\w-]+$/);
  const viewerBrowser = page.context().browser();
  if (!viewerBrowser) throw new Error('no browser');
  // A context of its own (another visitor; axe needs a page of a context made with newContext).
  const viewerContext = await viewerBrowser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.setViewportSize(DESKTOP);
  await viewer.goto(link);
  await expect(viewer.getByRole('heading', { name: 'Your call with Vida Video' })).toBeVisible();
  await expect(viewer.getByRole('complementary', { name: 'Share Call' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'New Call' })).toBeVisible();
  const player = viewer.locator('video.video-share-player');
  await expect(player).toBeVisible();
  // The recording plays: real frames of a real file.
  await expect
    .poll(
      () =>
        player.evaluate(async (video: HTMLVideoElement) => {
          video.muted = true;
          await video.play().catch(() => undefined);
          return video.readyState >= 2 && video.videoWidth === 1280 && video.currentTime > 0;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
  await shot(viewer, 'share-1280');
  await expectAccessible(viewer, 'share page, 1280');
  await viewer.setViewportSize(PHONE);
  await expect(viewer.getByRole('heading', { name: 'Your Call' })).toBeVisible();
  await shot(viewer, 'share-375');
  await expectAccessible(viewer, 'share page, 375');
  await viewerContext.close();
});

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
  return context.newPage();
}

test("the local calls are taken: 'You're in the queue', then connected on the retry", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await startCall(page, 'vida', null);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  const second = await newVisitor(browser);
  try {
    await second.setViewportSize(DESKTOP);
    await startCall(second, 'vida', null);
    const queue = second.getByRole('region', { name: 'Waiting room' });
    await expect(queue.getByText("You're in the queue")).toBeVisible();
    await expect(
      queue.getByText("We're experiencing high demand. You'll be connected as soon as possible."),
    ).toBeVisible();
    await shot(second, 'queue-1280');
    await expectAccessible(second, 'waiting room, 1280');
    await page.getByRole('button', { name: 'End call' }).click();
    // Retried after 5 s: now it is live.
    await expect(second.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 30_000 });
    await second.getByRole('button', { name: 'End call' }).click();
    await expect(second.getByText('Call Ended')).toBeVisible({ timeout: 30_000 });
  } finally {
    // Its call must not hold the only local place for the next tests.
    await second.context().close();
  }
});

test('a visitor runs out of video minutes: the countdown ends the call and the paywall opens', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await startCall(page, 'vidbrief', null);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.video-countdown')).toHaveText('1 minute left');
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Call Ended')).toBeVisible();
  await expect(page.getByRole('dialog').getByText(FREE_VIDEO_MINUTES_USED)).toBeVisible();
  await shot(page, 'paywall-1280');
  await expectAccessible(page, 'paywall over the ended call, 1280');
  const usage = await (await page.request.get('/api/clones/vidbrief/usage')).json();
  expect(usage.usage.video_seconds).toBeLessThanOrEqual(6);
  await page.keyboard.press('Escape');
  await page.reload();
  const start = page.getByRole('button', { name: 'Start Video Call' });
  await expect(start).toBeDisabled();
});

test('the room going away (its socket closed, no end event) ends the call for inactivity', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The page's sockets are kept where the test can reach them, to drop the call's as a vanished
  // room does: it closes with no end event before it.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const open: WebSocket[] = [];
    (window as unknown as { e2eSockets: WebSocket[] }).e2eSockets = open;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        open.push(this);
      }
    };
  });
  await page.setViewportSize(DESKTOP);
  await startCall(page, 'vida', null);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  // Live, not only connecting (the badge shows while connecting too): the timer runs.
  await expect(page.getByRole('timer', { name: 'Call time' })).toBeVisible({ timeout: 45_000 });
  // The server is told why it ended.
  const ended = page.waitForRequest((r) => /\/api\/calls\/video\/[^/]+\/end$/.test(r.url()));
  const dropped = await page.evaluate(() => {
    const calls = (window as unknown as { e2eSockets: WebSocket[] }).e2eSockets.filter((s) =>
      s.url.includes('/api/calls/voice/socket'),
    );
    for (const socket of calls) socket.close(4000, 'gone');
    return calls.length;
  });
  expect(dropped).toBe(1);
  await expect(page.getByText('Call ended due to inactivity')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Call Ended' })).toBeVisible();
  expect((await ended).postDataJSON()).toEqual({ reason: 'inactivity' });
});

// The countdown on the page's clock (Playwright's, installed before the page loads): `vidclock`'s
// visitors get 3 minutes of video. The page counts down from its own clock, so the jumps below
// move the countdown to zero, end the call ('quota', told to the server) and open the paywall.
//
// What the jump does not do is spend the server's seconds: the server charges video seconds from
// its own clock (the local socket charges as it runs; a room call from its real duration), so
// after the jump the server has charged only the few real seconds the call lasted. That is why,
// in an earlier attempt, the Start button was still enabled after a reload: the server's usage
// (what disables it, spec/calls.md §5) still had time left. What does hold is this browser's own
// count of the visitor's remaining video time (spec/calls.md §3, §6), lowered by the page's
// elapsed seconds to 0: Start opens the paywall instead of a call. Server-side charging — Start
// disabled once the seconds are really spent — is the real-time test above (`vidbrief`).
test('the countdown on a controlled clock: 2 minutes left, 1 minute left, zero ends the call and opens the paywall', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.setViewportSize(DESKTOP);
  await startCall(page, 'vidclock', null);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  const timer = page.getByRole('timer', { name: 'Call time' });
  await expect(timer).toBeVisible({ timeout: 45_000 });
  const countdown = page.locator('.video-countdown');
  // 180 s, a few real seconds in: whole minutes, rounded down (spec/calls.md §5).
  await expect(countdown).toHaveText('2 minutes left');
  await shot(page, 'countdown-1280');
  await page.setViewportSize(PHONE);
  // The self-view moves to its corner of the narrower stage (a resize observer) before the shot.
  await page.waitForTimeout(250);
  await shot(page, 'countdown-375');
  await page.setViewportSize(DESKTOP);
  await page.clock.fastForward('01:00');
  await expect(countdown).toHaveText('1 minute left');
  await expect(timer).toHaveText(/^01:\d\d$/);
  // Well under a minute left: still '1 minute left' (never below 1), the call still on.
  await page.clock.fastForward('01:30');
  await expect(timer).toHaveText(/^02:[3-5]\d$/);
  await expect(countdown).toHaveText('1 minute left');
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible();
  const told = page.waitForRequest((r) => /\/api\/calls\/video\/[^/]+\/end$/.test(r.url()));
  await page.clock.fastForward('00:40');
  // Zero: the call ends, the server is told it ran out, the paywall opens (for a visitor, the
  // sign-in step worded for video).
  expect((await told).postDataJSON()).toEqual({ reason: 'quota' });
  const paywall = page.getByRole('dialog');
  await expect(paywall).toBeVisible();
  await expect(paywall.getByText(FREE_VIDEO_MINUTES_USED)).toBeVisible();
  // Behind the modal dialog (hidden from the accessibility tree meanwhile), the end overlay.
  await expect(page.getByText('Call Ended')).toBeVisible();
  // The server charged its own (real) seconds, not the page's three minutes.
  const usage = await (await page.request.get('/api/clones/vidclock/usage')).json();
  expect(usage.usage.video_seconds).toBeLessThan(60);
  expect(usage.remaining.video_seconds).toBeGreaterThan(120);
  await page.keyboard.press('Escape');
  await expect(paywall).toHaveCount(0);

  // After a reload: this browser counts no time left, so Start opens the paywall, not a call.
  await page.reload();
  const start = page.getByRole('button', { name: 'Start Video Call' });
  await expect(start).toBeEnabled();
  let asked = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/calls/video') asked = true;
  });
  await start.click();
  await expect(page.getByRole('dialog').getByText(FREE_VIDEO_MINUTES_USED)).toBeVisible();
  // Behind the dialog, still the start overlay: no call is connecting.
  await expect(page.getByText('Some Inspiration')).toBeVisible();
  await expect(page.locator('.video-topbar')).toHaveCount(0);
  expect(asked, 'no call was started').toBe(false);
});

// The page's clock (Date.now, performance.now, its timers) is Playwright's from before the page
// loads: its call timer and 1-hour end follow the jump. The server's own 1-hour limit is tested
// with a controlled clock in packages/server/src/routes/video-calls.test.ts.
test('the 1-hour limit ends the call with the spec’s message (the page’s clock moved on)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await page.setViewportSize(DESKTOP);
  await startCall(page, 'vida', null);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.video-countdown')).toHaveText('Unlimited');
  // Live, not only connecting (the badge shows while connecting too; a jump then would only move
  // the queue's retries): the timer runs.
  await expect(page.getByRole('timer', { name: 'Call time' })).toBeVisible({ timeout: 45_000 });
  // Ten minutes short of the hour (the call has run a few real seconds already): still on.
  await page.clock.fastForward('50:00');
  await expect(page.getByRole('timer', { name: 'Call time' })).toHaveText(/^50:\d\d$/);
  await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible();
  await page.clock.fastForward('10:00');
  await expect(page.getByText('Called ended due to 1-hour time limit.')).toBeVisible();
  await expect(page.getByText('Call Ended')).toBeVisible();
});

for (const [name, viewport, size, margin] of [
  ['1280', DESKTOP, { width: 320, height: 192 }, { x: 40, y: 40 }],
  ['375', PHONE, { width: 96, height: 156 }, { x: 20, y: 14 }],
] as const) {
  test(`the self-view is dragged and snaps to the nearest corner (${name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await startCall(page, 'vida', null);
    await expect(page.getByRole('img', { name: 'Live', exact: true })).toBeVisible({ timeout: 20_000 });
    const self = page.locator('.video-self');
    const stage = page.locator('.video-stage');
    const area = await stage.boundingBox();
    if (!area) throw new Error('no stage');
    let box = await self.boundingBox();
    if (!box) throw new Error('no self-view');
    expect(Math.round(box.width)).toBe(size.width);
    expect(Math.round(box.height)).toBe(size.height);
    // Resting bottom-right.
    expect(Math.round(area.x + area.width - box.x - box.width)).toBe(margin.x);
    expect(Math.round(area.y + area.height - box.y - box.height)).toBe(margin.y);
    // Dragged towards the top left, let go past the middle: it snaps to the top-left corner.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('.video-self') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit, 'the self-view is what is under the pointer').toBe(true);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.3, area.y + area.height * 0.3, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const at = await self.boundingBox();
        return at ? [Math.round(at.x - area.x), Math.round(at.y - area.y)] : null;
      })
      .toEqual([margin.x, margin.y]);
    box = await self.boundingBox();
    await shot(page, `selfview-${name}`);
    await page.getByRole('button', { name: 'End call' }).click();
  });
}

import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { APP, HOST } from './support/ports';

/**
 * Issue 4 end to end: the host page is served on 127.0.0.1:E2E_PORT+1 (the examples server) while
 * the app is on localhost:E2E_PORT (3100) — two origins, as on a creator's real site.
 */
const hostPage = (clone = 'demo') => `${HOST}/plain/?app=${encodeURIComponent(APP)}&clone=${clone}`;

function bubbleChat(page: Page): FrameLocator {
  return page.frameLocator('.doppel-bubble iframe');
}

async function ask(chat: FrameLocator, text: string) {
  const prompt = chat.getByRole('textbox', { name: /^Message/ });
  await prompt.fill(text);
  await prompt.press('Enter');
}

test('bubble: opens the chat on another origin, answers, and tells the host page', async ({ page }) => {
  await page.goto(hostPage());
  const launcher = page.getByRole('button', { name: /^Open chat/ });
  await expect(launcher).toBeVisible();
  // Lazy: no bubble iframe before the first open.
  await expect(page.locator('.doppel-bubble iframe')).toHaveCount(0);
  await launcher.click();

  const chat = bubbleChat(page);
  await ask(chat, 'How do you sharpen a plane iron?');
  await expect(chat.getByRole('button', { name: /^Source \d+$/ }).first()).toBeVisible();

  const log = page.locator('#log');
  await expect(log.locator('[data-event="open"]').first()).toBeVisible();
  await expect(log.locator('[data-event="message-sent"]').first()).toBeVisible();
  await expect(log.locator('[data-event="message-received"]').first()).toBeVisible();
  await expect(log.locator('[data-event="conversation-started"]').first()).toBeVisible();
});

test('inline with auto-height, independent of the bubble on the same page', async ({ page }) => {
  await page.goto(hostPage());
  const box = page.locator('#inline-chat iframe');
  await expect(box).toBeVisible();
  const inline = page.frameLocator('#inline-chat iframe');
  await ask(inline, 'What finish goes on a cutting board?');
  await expect(inline.locator('.message-clone')).toHaveCount(1);
  // The box follows the chat's height as the answer grows.
  await expect.poll(async () => (await box.boundingBox())?.height ?? 0).toBeGreaterThan(200);

  // The bubble is a second widget with its own conversation.
  await page.getByRole('button', { name: /^Open chat/ }).click();
  await expect(bubbleChat(page).getByRole('textbox', { name: /^Message/ })).toBeVisible();
  await expect(bubbleChat(page).locator('.message-clone')).toHaveCount(0);
  await expect(inline.locator('.message-clone')).toHaveCount(1);
});

test('text limit: the host hears text-exhausted and the chat asks for the e-mail, then completes with codes', async ({
  page,
  request,
}) => {
  await page.goto(hostPage('tiny'));
  await page.getByRole('button', { name: /^Open chat/ }).click();
  const chat = bubbleChat(page);
  await ask(chat, 'How do you oil a bike chain?');
  await expect(chat.locator('.message-clone')).toHaveCount(1);
  await ask(chat, 'What pressure for road tyres?');
  await expect(chat.locator('.message-clone').nth(1)).toBeVisible();

  // The anonymous quota (2) is used: the limit event reaches the page both ways.
  await expect(page.locator('#log [data-event="text-exhausted"]').first()).toBeVisible();
  await expect(page.locator('#log [data-event="doppel:text-exhausted"]').first()).toBeVisible();

  // Capture: the clone asks for the e-mail inside the chat; the prompt takes it.
  const prompt = chat.getByRole('textbox');
  await expect(prompt).toHaveAttribute('placeholder', /email/i);
  const email = `embed-${Date.now()}@example.com`;
  await prompt.fill('not-an-email');
  await prompt.press('Enter');
  await expect(chat.getByText('Invalid Email')).toBeVisible();
  await prompt.fill(email);
  await prompt.press('Enter');
  await expect(prompt).toHaveAttribute('placeholder', /code/i);
  let code = '';
  await expect
    .poll(async () => {
      const answer = await (
        await request.get(`${APP}/api/dev/outbox?to=${encodeURIComponent(email)}`)
      ).json();
      code = answer.messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await prompt.fill(code);
  await prompt.press('Enter');
  // Completed: the visitor is signed in inside the iframe and can keep chatting.
  await expect(prompt).toHaveAttribute('placeholder', /^Message/);
  const before = await chat.locator('.message-clone').count();
  await ask(chat, 'Which oil do you use on a chain?');
  await expect(chat.locator('.message-clone')).toHaveCount(before + 1);
  await page.screenshot({ path: test.info().outputPath('after-capture.png') });
  await expect(chat.locator('.message-clone').last()).toContainText(/oil/i);
});

test('a frame from a third origin cannot drive the widget or fake its events', async ({ page }) => {
  await page.goto(hostPage());
  await page.getByRole('button', { name: /^Open chat/ }).click();
  await expect(bubbleChat(page).getByRole('textbox', { name: /^Message/ })).toBeVisible();
  // The widget's own events of opening may still be arriving: count once the log has settled.
  let before = -1;
  await expect
    .poll(
      async () => {
        const count = await page.locator('#log li').count();
        const settled = count === before;
        before = count;
        return settled;
      },
      { intervals: [500] },
    )
    .toBe(true);
  // A third origin (a data: frame has an opaque origin of its own) frames itself into the page
  // and posts well-formed bridge messages to the host and to the chat iframe.
  const forger = `
    const forged = (type, payload) => ({ ns: 'doppel', v: 1, type, id: 'doppel-1', payload });
    parent.postMessage(forged('text-exhausted', {}), '*');
    parent.postMessage(forged('request-close'), '*');
    parent.postMessage(forged('message-received', { conversationId: 'x' }), '*');
    for (let i = 0; i < parent.frames.length; i++) {
      try {
        parent.frames[i].postMessage(forged('prefill', { text: 'forged' }), '*');
        parent.frames[i].postMessage(forged('close'), '*');
      } catch {}
    }
    document.body.dataset.done = '1';`;
  await page.evaluate((script) => {
    const evil = document.createElement('iframe');
    evil.id = 'evil';
    evil.src = `data:text/html,${encodeURIComponent(`<body><script>${script}</script></body>`)}`;
    document.body.append(evil);
  }, forger);
  await expect(page.frameLocator('#evil').locator('body[data-done="1"]')).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.locator('#log li')).toHaveCount(before);
  await expect(page.locator('.doppel-bubble iframe')).toBeVisible();
  await expect(bubbleChat(page).getByRole('textbox', { name: /^Message/ })).toHaveValue('');
});

test('a site not in the allowed origins cannot frame the widget', async ({ page }) => {
  // e2e-allowed lists only the host origin on 127.0.0.1. On localhost (same port) the server refuses it…
  await page.goto(`${HOST.replace('127.0.0.1', 'localhost')}/plain/?app=${encodeURIComponent(APP)}`);
  await page.evaluate(
    ({ app, host }) => {
      const frame = document.createElement('iframe');
      frame.id = 'honest';
      frame.src = `${app}/embed/demo?config=e2e-allowed&parent=${encodeURIComponent(location.origin)}`;
      document.body.append(frame);
      const liar = document.createElement('iframe');
      liar.id = 'liar';
      liar.src = `${app}/embed/demo?config=e2e-allowed&parent=${encodeURIComponent(host)}`;
      document.body.append(liar);
    },
    { app: APP, host: HOST },
  );
  await expect(
    page.frameLocator('#honest').getByText('This site is not allowed to embed this clone.'),
  ).toBeVisible();
  // …and a page that lies about its origin is stopped by frame-ancestors in the browser.
  await page.waitForTimeout(1500);
  await expect(page.frameLocator('#liar').getByRole('textbox')).toHaveCount(0);
  // On the allowed origin the same configuration works.
  await page.goto(`${HOST}/plain/?app=${encodeURIComponent(APP)}`);
  await page.evaluate((app) => {
    const frame = document.createElement('iframe');
    frame.id = 'allowed';
    frame.src = `${app}/embed/demo?config=e2e-allowed&parent=${encodeURIComponent(location.origin)}`;
    document.body.append(frame);
  }, APP);
  await expect(page.frameLocator('#allowed').getByRole('textbox', { name: /^Message/ })).toBeVisible();
});

test('a clone kept to some sites by its clone.json cannot be embedded elsewhere, even without a config', async ({
  page,
}) => {
  // `fenced` lists only the host pages' origin (127.0.0.1); no data-config on the page.
  await page.goto(`${HOST}/plain/?app=${encodeURIComponent(APP)}&clone=fenced`);
  const inline = page.frameLocator('#inline-chat iframe');
  await expect(inline.getByRole('textbox', { name: /^Message/ })).toBeVisible();
  // The same page on localhost (another origin, same port) is refused by the server.
  await page.goto(
    `${HOST.replace('127.0.0.1', 'localhost')}/plain/?app=${encodeURIComponent(APP)}&clone=fenced`,
  );
  await expect(
    page.frameLocator('#inline-chat iframe').getByText('This site is not allowed to embed this clone.'),
  ).toBeVisible();
  await expect(page.frameLocator('#inline-chat iframe').getByRole('textbox')).toHaveCount(0);
});

test('at 375 px the bubble opens full screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(hostPage());
  await page.getByRole('button', { name: /^Open chat/ }).click();
  const box = page.locator('.doppel-bubble');
  await expect(box).toBeVisible();
  await expect.poll(async () => await box.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
});

test('destroy removes every node and listener the loader added', async ({ page }) => {
  await page.addInitScript(() => {
    const live = new Map<string, number>();
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (type, fn, opts) {
      if (this === window) live.set(type, (live.get(type) ?? 0) + 1);
      return add.call(this, type, fn, opts);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, opts) {
      if (this === window) live.set(type, (live.get(type) ?? 0) - 1);
      return remove.call(this, type, fn, opts);
    };
    (window as unknown as { __live: Map<string, number> }).__live = live;
  });
  await page.goto(hostPage());
  await page.getByRole('button', { name: /^Open chat/ }).click();
  await expect(bubbleChat(page).getByRole('textbox', { name: /^Message/ })).toBeVisible();
  const counts = () =>
    page.evaluate(() => ({
      nodes: document.querySelectorAll('[class^="doppel"], [class*=" doppel"], iframe').length,
      styles: Array.from(document.querySelectorAll('style')).filter((s) => s.textContent?.includes('.doppel'))
        .length,
      // The loader's styles are adopted stylesheets (a strict CSP refuses <style> elements).
      adopted: document.adoptedStyleSheets.length,
      message: (window as unknown as { __live: Map<string, number> }).__live.get('message') ?? 0,
    }));
  const open = await counts();
  expect(open.nodes).toBeGreaterThan(0);
  expect(open.adopted).toBe(2);
  await page.evaluate(() => (window as unknown as { Doppel: { destroy(): void } }).Doppel.destroy());
  const after = await counts();
  expect(after.nodes).toBe(0);
  expect(after.styles).toBe(0);
  expect(after.adopted).toBe(0);
  // The page's own log listener stays; everything the loader added is gone.
  expect(after.message).toBeLessThan(open.message);
  expect(after.message).toBe(1);
});

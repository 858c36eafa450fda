#!/usr/bin/env node
// The video call screen's weight and speed (issue 12), on the built server (in-memory PGlite, the
// demo clone allowed to take voice and video calls, an hour of each per visitor).
// Size: every JavaScript file Chromium fetches for /demo/video until the start overlay shows,
// gzip -9 of the built files; baseline in the same run: the voice call page /demo/call, same
// measure. Speed: open-to-live, from navigation to the red Live pill (the start overlay's 'Start
// Video Call' clicked as soon as it shows: the call starts, the local pipeline's socket opens),
// median of --runs fresh browser contexts with Chromium's fake camera and microphone; baseline:
// the voice call page, navigation → 'Start a call' → the End call button (ACTIVE).
// Prints JSON. Usage: node scripts/bench/video-screen.mjs [--runs=5]   (needs `npm run build`)
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startBuiltServer } from './lib-streams-client.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const appDist = join(root, 'packages/app/dist');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 5);
const log = (m) => process.stderr.write(`[bench:video-screen] ${m}\n`);
if (!existsSync(serverMain) || !existsSync(join(appDist, 'index.html'))) {
  log('build first: npm run build');
  process.exit(1);
}

const folder = mkdtempSync(join(tmpdir(), 'doppel-bench-video-'));
cpSync(join(root, 'clones/demo'), folder, { recursive: true });
const clone = JSON.parse(readFileSync(join(folder, 'clone.json'), 'utf8'));
clone.options = { ...clone.options, allowVoice: true, allowVideo: true };
clone.monetization.anonymous_quota.voice_minutes = 60;
clone.monetization.anonymous_quota.video_minutes = 60;
writeFileSync(join(folder, 'clone.json'), JSON.stringify(clone));

const server = await startBuiltServer(serverMain, {
  env: { DEMO_CLONE_DIR: folder, VIDEO_LOCAL_MAX_CALLS: '100' },
});
const base = server.base.replace('127.0.0.1', 'localhost');
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
const gzip = (path) => gzipSync(readFileSync(join(appDist, path)), { level: 9 }).length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The JS fetched for `path` until `ready` shows: gzip -9 bytes of the built files. */
async function initialJs(path, ready) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const files = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) files.add(url.pathname);
  });
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: ready }).waitFor();
  await context.close();
  return { files: files.size, gzipBytes: [...files].reduce((sum, file) => sum + gzip(file.slice(1)), 0) };
}

/** ms from navigation to `live` after clicking `start`. */
async function openToLive(path, start, live) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  const began = performance.now();
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: start }).click();
  await live(page).waitFor({ timeout: 60_000 });
  const ms = performance.now() - began;
  await page.getByRole('button', { name: 'End call' }).click();
  await page.waitForTimeout(300);
  await context.close();
  return ms;
}

try {
  const video = await initialJs('/demo/video', 'Start Video Call');
  const voice = await initialJs('/demo/call', 'Start a call');
  const videoLive = [];
  const voiceLive = [];
  for (let i = 0; i < runs; i += 1) {
    videoLive.push(
      await openToLive('/demo/video', 'Start Video Call', (p) => p.getByRole('img', { name: 'Live' })),
    );
    voiceLive.push(
      await openToLive('/demo/call', 'Start a call', (p) => p.getByRole('button', { name: 'End call' })),
    );
    log(`run ${i + 1}: video ${Math.round(videoLive.at(-1))} ms, voice ${Math.round(voiceLive.at(-1))} ms`);
  }
  console.log(
    JSON.stringify(
      {
        method:
          'built server, in-memory PGlite, demo clone allowing voice and video; Chromium with fake camera and microphone, fresh context per run; gzip -9 of the built JS files fetched until the start button shows',
        chromium: browser.version(),
        initialJs: { videoScreen: video, voiceCallScreenBaseline: voice },
        openToLiveMs: {
          runs,
          videoScreen: { median: Math.round(median(videoLive)), all: videoLive.map(Math.round) },
          voiceCallScreenBaseline: { median: Math.round(median(voiceLive)), all: voiceLive.map(Math.round) },
        },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
}

#!/usr/bin/env node
// The embedded chat's weight and speed (DESIGN §5, issue 4).
//
// Size: the JavaScript /embed/:slug loads before it can run — embed.html's module scripts and
// modulepreload links — gzip -9, against a 60 KB budget (61,440 bytes, KiB as the loader's 2 KB
// budget); the full site's first load (index.html, same measure) is the baseline.
// Speed: in Chromium, a host page on another origin with the one script tag; a click on the bubble
// until the chat's prompt accepts text, median of 10 fresh browser contexts (cold cache), without
// and with `data-preload`. Baseline: the full site's talk page, navigation until its prompt
// accepts text.
//
// Builds the app, the loader and the server first (--no-build: read the built dist). Starts its
// own server (PORT and EXAMPLES_PORT free ports, DATA_DIR=memory://) unless --app=URL is given.
// Prints JSON; exits 1 over the size budget. Usage: node scripts/bench/embed-chat.mjs [--no-build]
// [--runs=10] [--app=http://localhost:3000] [--size-only]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 60 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const appDist = join(root, 'packages', 'app', 'dist');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const runs = Number(args.get('runs') ?? 10);
const log = (line) => process.stderr.write(`[embed-chat] ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Build
if (!args.has('no-build')) {
  log('building the app, the loader and the server');
  const build = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'pnpm.mjs'),
      '--filter',
      '@doppel/app',
      '--filter',
      '@doppel/embed',
      '--filter',
      '@doppel/server',
      'build',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(join(appDist, 'embed.html'))) {
  console.error('embed-chat: packages/app/dist/embed.html is missing; build the app first');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Size
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The JS (and CSS) an HTML entry loads before it runs: module scripts and modulepreload links. */
function initialLoad(htmlFile) {
  const html = readFileSync(join(appDist, htmlFile), 'utf8');
  const attr = (tag, name) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1] ?? null;
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /type="module"/.test(tag)) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (href && rel === 'modulepreload') js.add(href);
    if (href && rel === 'stylesheet') css.add(href);
  }
  const measure = (files) =>
    [...files].map((href) => {
      const bytes = readFileSync(join(appDist, href.replace(/^\//, '')));
      return { file: href, raw: bytes.length, gzip: gzip(bytes) };
    });
  const jsFiles = measure(js);
  const cssFiles = measure(css);
  return {
    jsGzip: jsFiles.reduce((sum, f) => sum + f.gzip, 0),
    jsFiles,
    cssGzip: cssFiles.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const embed = initialLoad('embed.html');
const site = initialLoad('index.html');
const size = {
  initialJsGzip: embed.jsGzip,
  budget: BUDGET,
  withinBudget: embed.jsGzip <= BUDGET,
  headroom: BUDGET - embed.jsGzip,
  files: embed.jsFiles,
  cssGzip: embed.cssGzip,
  baseline: { fullSiteInitialJsGzip: site.jsGzip, note: 'the full site (index.html), same measure' },
  measured: 'gzip -9 (zlib level 9) of the module scripts and modulepreload links of dist/embed.html',
};

// ---------------------------------------------------------------------------------------------
// Speed
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const summary = (values) => ({
  medianMs: Math.round(median(values)),
  minMs: Math.round(Math.min(...values)),
  maxMs: Math.round(Math.max(...values)),
  runsMs: values.map((v) => Math.round(v)),
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The creator's page: nothing but the one script tag (with data-preload when asked). */
function hostPage(app) {
  return createServer((request, response) => {
    const preload = new URL(request.url, 'http://host').searchParams.has('preload');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Host page</title>
<body><h1>A creator's page</h1>
<script src="${app}/embed.js" data-clone="demo"${preload ? ' data-preload' : ''} async></script></body></html>`);
  });
}

async function measureSpeed() {
  const { chromium } = await import('@playwright/test');
  let server = null;
  let app = args.get('app') ?? null;
  if (!app) {
    const port = await freePort();
    const examplesPort = await freePort();
    app = `http://localhost:${port}`;
    log(`starting the server on ${app}`);
    server = spawn(process.execPath, [join(root, 'packages', 'server', 'dist', 'main.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), EXAMPLES_PORT: String(examplesPort), DATA_DIR: 'memory://' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const hostPort = await freePort();
  const host = hostPage(app);
  await new Promise((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${hostPort}/`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await waitFor(`${app}/api/clones/demo`, 120_000);

    /** A click on the bubble until the prompt inside the chat accepts text, in a fresh context. */
    const openToInteractive = async (preload) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      await page.goto(preload ? `${hostUrl}?preload` : hostUrl, { waitUntil: 'load' });
      const launcher = page.locator('.doppel-launcher');
      await launcher.waitFor();
      if (preload) {
        // The hidden chat is made when the browser is idle: wait until it is ready behind the bubble.
        await page.frameLocator('.doppel iframe').locator('textarea.composer-input').waitFor({
          state: 'attached',
          timeout: 30_000,
        });
      }
      const prompt = page.frameLocator('.doppel-bubble iframe').locator('textarea.composer-input');
      const started = performance.now();
      await launcher.click();
      // The loading skeleton's prompt is swapped for the chat's: text typed into it during the
      // swap can miss. "Accepts text" is the first fill that is still there when read back.
      let elapsed = 0;
      for (let attempt = 0; attempt < 20 && elapsed === 0; attempt++) {
        await prompt.fill('Hello', { timeout: 30_000 });
        if ((await prompt.inputValue()) === 'Hello') elapsed = performance.now() - started;
      }
      if (elapsed === 0) throw new Error('the prompt did not take the text');
      await context.close();
      return elapsed;
    };

    /** The full site: navigation to the talk page until its prompt accepts text, in a fresh context. */
    const siteToInteractive = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${app}/demo/talk`, { waitUntil: 'commit' });
      const prompt = page.locator('textarea.composer-input');
      await prompt.fill('Hello', { timeout: 30_000 });
      const elapsed = performance.now() - started;
      await context.close();
      return elapsed;
    };

    // One warm-up of each, so the server's first answers are not counted.
    await openToInteractive(false);
    await siteToInteractive();
    const cold = [];
    const preloaded = [];
    const fullSite = [];
    for (let i = 0; i < runs; i += 1) {
      cold.push(await openToInteractive(false));
      preloaded.push(await openToInteractive(true));
      fullSite.push(await siteToInteractive());
    }
    return {
      runs,
      clickToInteractive: summary(cold),
      clickToInteractiveWithPreload: summary(preloaded),
      baseline: { fullSiteNavigationToInteractive: summary(fullSite) },
      measured:
        'Chromium (/usr/bin/chromium), fresh context per run (cold cache); host page on 127.0.0.1, app on localhost; from the click on the bubble until the chat prompt has taken "Hello"',
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
    host.close();
    server?.kill();
  }
}

const speed = args.has('size-only') ? null : await measureSpeed();
console.log(JSON.stringify({ size, openToInteractive: speed }, null, 2));
if (!size.withinBudget) {
  console.error(
    `embed-chat: ${size.initialJsGzip} bytes of JS gzipped on first load, over the ${BUDGET}-byte budget`,
  );
  process.exit(1);
}

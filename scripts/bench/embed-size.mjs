#!/usr/bin/env node
// What a host page really downloads for the embed (DESIGN §5, issue 9), measured on the wire in
// Chromium: the transferred bytes of every response (headers + encoded body, Playwright's
// `request.sizes()`), not gzip of files on disk.
//
//   - the loader: /embed.js, fetched with the page: at most 2,048 bytes on the wire;
//   - the first open: a click on the bubble until the chat's prompt takes text and the network
//     has been quiet for 3 s (embed-frame.js, the chat's page, its scripts and styles, its API
//     calls): at most 80 KB (81,920 bytes) on the wire.
//
// Baseline in the same run: the same page in a browser that refuses compression
// (`Accept-Encoding: identity`). Also printed: gzip -9 of the built embed.js and the snippet (the
// older measure, which the packaged-embed test still holds to 2,048 bytes).
//
// Builds the loader, the app and the server first (--no-build: use what is built), starts the
// built server on free ports with an in-memory database (--app=URL: use a running one instead),
// serves a host page with the one script tag on 127.0.0.1 (another origin). Prints JSON; exits 1
// over a budget. Usage: node scripts/bench/embed-size.mjs [--no-build] [--app=http://localhost:3000]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOADER_BUDGET = 2048;
const FIRST_OPEN_BUDGET = 80 * 1024;
const QUIET_MS = 3000;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const embed = join(root, 'packages', 'embed');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const log = (line) => process.stderr.write(`[embed-size] ${line}\n`);

if (!args.has('no-build')) {
  log('building the loader, the app and the server');
  const filters = ['@doppel/embed', '@doppel/app', '@doppel/server'].flatMap((name) => ['--filter', name]);
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'pnpm.mjs'), ...filters, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// On disk (the older measure)
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const read = (file) => readFileSync(join(embed, file), 'utf8');
const snippet = read('snippet.txt').replace('HOST', 'doppel.example.com').replace('SLUG', 'demo');
const onDisk = {
  embedJs: { raw: Buffer.byteLength(read('dist/embed.js')), gzip9: gzip(read('dist/embed.js')) },
  embedFrameJs: {
    raw: Buffer.byteLength(read('dist/embed-frame.js')),
    gzip9: gzip(read('dist/embed-frame.js')),
  },
  snippetGzip9: gzip(snippet),
};

// ---------------------------------------------------------------------------------------------
// On the wire
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
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The creator's page: nothing but the one script tag. */
function hostPage(app) {
  return createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Host page</title>
<body><h1>A creator's page</h1>
<script src="${app}/embed.js" data-clone="demo" data-name="Juniper Hale" async></script></body></html>`);
  });
}

const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

/** Loads the host page, then opens the bubble; answers what crossed the wire for each. */
async function measure(browser, hostUrl, { identity }) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    ...(identity ? { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : {}),
  });
  const page = await context.newPage();
  /** Every finished response: its URL, phase, and sizes. */
  const rows = [];
  let phase = 'page';
  let lastActivity = Date.now();
  const pending = new Set();
  page.on('request', (request) => {
    pending.add(request);
    lastActivity = Date.now();
  });
  const done = async (request) => {
    const at = phase;
    const response = await request.response();
    const sizes = await request.sizes();
    const headers = response ? await response.allHeaders() : {};
    rows.push({
      phase: at,
      url: request.url(),
      status: response?.status() ?? 0,
      encoding: headers['content-encoding'] ?? 'none',
      headers: sizes.responseHeadersSize,
      body: sizes.responseBodySize,
      wire: sizes.responseHeadersSize + sizes.responseBodySize,
    });
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', (request) => void done(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    lastActivity = Date.now();
  });
  const quiet = async () => {
    while (pending.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  await page.goto(hostUrl, { waitUntil: 'load' });
  await page.locator('.doppel-launcher').waitFor();
  await quiet();
  phase = 'first-open';
  await page.locator('.doppel-launcher').click();
  const prompt = page.frameLocator('.doppel-bubble iframe').locator('textarea.composer-input');
  await prompt.waitFor({ timeout: 30_000 });
  await quiet();
  await context.close();

  const loader = rows.find((row) => row.phase === 'page' && new URL(row.url).pathname === '/embed.js');
  const open = rows.filter((row) => row.phase === 'first-open');
  const short = (url) => {
    const { pathname, search } = new URL(url);
    return pathname + (pathname.startsWith('/api/') ? search : '');
  };
  return {
    loader: loader && {
      wire: loader.wire,
      headers: loader.headers,
      body: loader.body,
      encoding: loader.encoding,
    },
    firstOpen: {
      wire: sum(open, 'wire'),
      bodies: sum(open, 'body'),
      headers: sum(open, 'headers'),
      requests: open.length,
      files: open.map((row) => ({
        path: short(row.url),
        status: row.status,
        encoding: row.encoding,
        wire: row.wire,
      })),
    },
  };
}

async function onTheWire() {
  const { chromium } = await import('@playwright/test');
  let server = null;
  let app = args.get('app') ?? null;
  if (!app) {
    const port = await freePort();
    app = `http://localhost:${port}`;
    log(`starting the server on ${app}`);
    server = spawn(process.execPath, [join(root, 'packages', 'server', 'dist', 'main.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        EXAMPLES_PORT: '0',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const hostPort = await freePort();
  const host = hostPage(app);
  await new Promise((resolve) => host.listen(hostPort, '127.0.0.1', resolve));
  let browser = null;
  try {
    // Inside the try: without Chromium the launch fails, and the server and host page must stop too.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    await waitFor(`${app}/api/clones/demo`, 120_000);
    const hostUrl = `http://127.0.0.1:${hostPort}/`;
    // A warm-up, so the server's first answers (and its caches) are not what is measured.
    await measure(browser, hostUrl, { identity: false });
    const compressed = await measure(browser, hostUrl, { identity: false });
    const identity = await measure(browser, hostUrl, { identity: true });
    return { compressed, identity, chromium: browser.version() };
  } finally {
    await browser?.close();
    host.close();
    server?.kill();
  }
}

const wire = await onTheWire();
const loaderWire = wire.compressed.loader?.wire ?? Number.POSITIVE_INFINITY;
const openWire = wire.compressed.firstOpen.wire;
const result = {
  loader: {
    wire: loaderWire,
    budget: LOADER_BUDGET,
    withinBudget: loaderWire <= LOADER_BUDGET,
    ...wire.compressed.loader,
    baselineIdentity: wire.identity.loader,
  },
  firstOpen: {
    wire: openWire,
    budget: FIRST_OPEN_BUDGET,
    withinBudget: openWire <= FIRST_OPEN_BUDGET,
    requests: wire.compressed.firstOpen.requests,
    bodies: wire.compressed.firstOpen.bodies,
    headers: wire.compressed.firstOpen.headers,
    files: wire.compressed.firstOpen.files,
    baselineIdentity: {
      wire: wire.identity.firstOpen.wire,
      requests: wire.identity.firstOpen.requests,
    },
  },
  onDisk,
  measured: `Chromium ${wire.chromium} (/usr/bin/chromium), fresh context; host page on 127.0.0.1 with the one script tag, app on localhost; transferred bytes = response headers + encoded body (Playwright request.sizes()); first open = from the click on the bubble until the prompt takes text and the network is quiet for ${QUIET_MS / 1000} s`,
};

console.log(JSON.stringify(result, null, 2));
if (!result.loader.withinBudget) {
  console.error(
    `embed-size: embed.js is ${loaderWire} bytes on the wire, over the ${LOADER_BUDGET}-byte budget`,
  );
}
if (!result.firstOpen.withinBudget) {
  console.error(
    `embed-size: the first open is ${openWire} bytes on the wire, over the ${FIRST_OPEN_BUDGET}-byte budget`,
  );
}
process.exit(result.loader.withinBudget && result.firstOpen.withinBudget ? 0 : 1);

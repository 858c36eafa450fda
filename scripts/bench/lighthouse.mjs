#!/usr/bin/env node
// Lighthouse on the full site (issue 9): accessibility and performance of /demo (profile) and
// /demo/talk, mobile profile (Lighthouse's default: a mid-range phone, simulated slow 4G,
// 4x CPU slowdown), with Debian's Chromium. Targets: accessibility >= 95, performance >= 90.
// The baseline, measured in the same run and the same way, is a bare node:http page with one
// heading and one paragraph: the best this machine and Lighthouse's throttling can give.
//
// Starts the built server on free ports with an in-memory database (`npm run build` first)
// unless --app=URL is given. Runs each page RUNS times (default 3, --runs=N) and reports the
// median. Prints JSON; exits 1 when a median misses a target. Not a timed test.
//   node scripts/bench/lighthouse.mjs [--app=http://localhost:3000] [--runs=3]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [key, value = 'true'] = a.slice(2).split('=');
      return [key, value];
    }),
);
const RUNS = Number(args.get('runs') ?? 3);
const TARGETS = { accessibility: 95, performance: 90 };
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_VERSION = JSON.parse(
  readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
).version;
const log = (text) => process.stderr.write(`[lighthouse] ${text}\n`);

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
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The baseline page: as small as a page gets. */
function baselineServer() {
  return createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>
<meta name="description" content="A bare page."></head>
<body><main><h1>Baseline</h1><p>One heading and one paragraph, served by node:http.</p></main></body></html>`);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  let server = null;
  let app = args.get('app') ?? null;
  if (!app) {
    const port = await freePort();
    app = `http://localhost:${port}`;
    log(`starting the built server on ${app}`);
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
  const baselinePort = await freePort();
  const baseline = baselineServer();
  await new Promise((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await waitFor(`${app}/api/clones/demo`, 120_000);
    const pages = {
      baseline: `http://127.0.0.1:${baselinePort}/`,
      '/demo': `${app}/demo`,
      '/demo/talk': `${app}/demo/talk`,
    };
    const results = {};
    for (const [name, url] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        log(`${name} run ${i + 1}/${RUNS}`);
        const answer = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
        });
        const { categories, audits } = answer.lhr;
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue),
          cls: Math.round(audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
          transferKb: Math.round(audits['total-byte-weight'].numericValue / 1024),
          failedAccessibilityAudits: categories.accessibility.auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
            .map((ref) => ref.id),
        });
      }
      const pick = (key) => median(runs.map((run) => run[key]));
      results[name] = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        transferKb: pick('transferKb'),
        failedAccessibilityAudits: [...new Set(runs.flatMap((run) => run.failedAccessibilityAudits))],
        runs: runs.map((run) => ({ performance: run.performance, accessibility: run.accessibility })),
      };
    }
    const misses = Object.entries(results)
      .filter(([name]) => name !== 'baseline')
      .flatMap(([name, result]) =>
        Object.entries(TARGETS)
          .filter(([category, target]) => result[category] < target)
          .map(([category, target]) => `${name} ${category} ${result[category]} < ${target}`),
      );
    const report = {
      measured: `Lighthouse ${LIGHTHOUSE_VERSION}, mobile profile (simulated throttling), ${CHROME}, median of ${RUNS} runs`,
      targets: TARGETS,
      results,
      misses,
    };
    console.log(JSON.stringify(report, null, 2));
    process.exitCode = misses.length === 0 ? 0 : 1;
  } finally {
    await chrome.kill();
    baseline.close();
    server?.kill('SIGTERM');
  }
}

await main();

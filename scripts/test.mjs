#!/usr/bin/env node
// `npm test`: every check the project has, from a fresh clone. Installs what it needs
// (dependencies through the pinned pnpm, Debian's Chromium for the browser tests), then:
// lint, types, unit + API tests on PGlite and PostgreSQL, build, the shared stream
// contract against the built server, and the end-to-end tests in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, ESPEAK, ensureDebianPackages, HAPROXY, POCKETSPHINX, POCKETSPHINX_EN } from './debian.mjs';
import { pnpmAsync, pnpmBin, root } from './pnpm.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const started = Date.now();

function step(name) {
  console.log(`\n\u25b6 ${name}  (+${Math.round((Date.now() - started) / 1000)} s)`);
}

/** Runs a step with its output kept, then prints it whole under the step's name. */
function runBuffered(name, command, args, options = {}) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n\u2500\u2500 ${name} (${seconds} s, ${code === 0 ? 'ok' : `exit ${code}`})`);
      process.stdout.write(Buffer.concat(chunks));
      if (code !== 0) failures.push(name);
      done(code === 0);
    });
  });
}

/** Runs a step with its output shown as it comes. */
function runLive(name, command, args, options = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: 'inherit' });
    child.on('close', (code) => {
      if (code !== 0) failures.push(name);
      done(code === 0);
    });
  });
}

function bin(name) {
  return join(root, 'node_modules', '.bin', name);
}

function canConnect(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = createConnection({ port, host }, () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

async function ensurePostgres() {
  if (process.env.DOPPEL_TEST_POSTGRES === 'off') return;
  if (await canConnect(5432)) return;
  console.log('[doppel] PostgreSQL is not answering on 5432; trying to start the local cluster');
  spawnSync('bash', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'], {
    stdio: 'inherit',
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  results.passed += report.numPassedTests ?? 0;
  results.failed += report.numFailedTests ?? 0;
  results.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  results.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  results.failed += stats.unexpected ?? 0;
  results.skipped += stats.skipped ?? 0;
}

/** Starts the built server on a free port with a fresh data directory; answers its base URL. */
async function startBuiltServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'doppel-contract-'));
  const child = spawn(process.execPath, ['packages/server/dist/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), EXAMPLES_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const reports = mkdtempSync(join(tmpdir(), 'doppel-reports-'));

step('install');
await Promise.all([
  pnpmAsync(['install', '--prefer-offline']),
  ensureDebianPackages([CHROMIUM, ESPEAK, POCKETSPHINX, POCKETSPHINX_EN]),
  ensurePostgres(),
]);

// Independent steps run side by side; a step's output is printed whole when it ends, so the
// log reads step by step. Lint, types and the build first (the build is what the browser
// tests and the packaged-embed tests load); then Vitest beside the contract and Playwright.
step('lint, types and build, side by side');
const typed = ['protocol', 'core', 'db', 'brain', 'server', 'app', 'embed', 'react'].filter(
  (pkg) =>
    existsSync(join(root, 'packages', pkg, 'tsconfig.json')) &&
    existsSync(join(root, 'packages', pkg, 'src')),
);
await Promise.all([
  runBuffered('lint', bin('biome'), ['check', '.']),
  (async () => {
    for (const pkg of typed)
      await runBuffered(`types:${pkg}`, bin('tsc'), ['-p', `packages/${pkg}`, '--noEmit']);
  })(),
  runBuffered('build', process.execPath, [pnpmBin(), '-r', '--if-present', 'build']),
]);

step(
  'unit, component and API tests (vitest; database tests on PGlite and PostgreSQL) beside the browser tests',
);
const vitestReport = join(reports, 'vitest.json');
const e2eReport = join(reports, 'playwright.json');
const shared = join(root, '..', 'shared', 'checks', 'stream-contract.mjs');
await Promise.all([
  (async () => {
    // The packaged embed and React tests load dist/, built just above: no rebuild under the
    // servers of the browser tests.
    await runLive(
      'vitest',
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      {
        env: { ...process.env, DOPPEL_PREBUILT: '1' },
      },
    );
    countVitest(vitestReport);
  })(),
  (async () => {
    if (existsSync(shared)) {
      const server = await startBuiltServer(3190);
      const ok = await runBuffered('stream-contract', process.execPath, [shared, server.base]);
      server.stop();
      results[ok ? 'passed' : 'failed'] += 1;
    }
    await runBuffered('e2e', bin('playwright'), ['test', '--reporter=list,json'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    countPlaywright(e2eReport);
  })(),
]);

// Issue 14: several processes behind HAProxy on a PostgreSQL of the check's own (limits across
// processes, a process SIGKILLed under 200 streams, the database restarted under load).
step('the cluster check (scripts/cluster-check.mjs)');
await ensureDebianPackages([HAPROXY]);
{
  const ok = await runBuffered('cluster-check', process.execPath, [join(root, 'scripts/cluster-check.mjs')]);
  results[ok ? 'passed' : 'failed'] += 1;
}

rmSync(reports, { recursive: true, force: true });
console.log(
  `\nTook ${Math.round((Date.now() - started) / 1000)} s.${failures.length ? ` Failed steps: ${failures.join(', ')}.` : ''}`,
);
console.log(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(failures.length ? 1 : 0);

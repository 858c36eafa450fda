#!/usr/bin/env node
// Benchmark of the answer stream (DESIGN §6): the real server (built, in a child process, on
// an in-memory PGlite with the demo clone and its local brain) against a bare node:http SSE
// server writing the same number of token events. Time to first token and to the final event,
// p50/p99, at 1, 50 and 500 concurrent streams (closed loop: each client sends its next
// message when the previous answer ended); the same on PostgreSQL when the test server answers
// (BENCH_POSTGRES=off skips it). Then 1,000 streams held open by a slow local LLM double
// (LLM_BASE_URL), twice, sampling the server's RSS and heap, with a full GC before the
// checkpoints. Prints JSON. Usage: node scripts/bench/streams.mjs   (about 3 minutes)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  json,
  listeningPort,
  newAgent,
  pool,
  spawnChild,
  startBuiltServer,
  summarise,
  timeStream,
} from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const probe = join(here, 'lib-streams-probe.mjs');
const LEVELS = [
  { concurrency: 1, requests: 50 },
  { concurrency: 50, requests: 250 },
  { concurrency: 500, requests: 1000 },
];
const OPEN_STREAMS = Number(process.env.BENCH_OPEN_STREAMS ?? 1000);
const LLM_TOKEN_MS = 500;
const LLM_WORDS = 50;
const log = (m) => process.stderr.write(`[bench:streams] ${m}\n`);
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

if (!existsSync(serverMain)) {
  log('building the server');
  const built = spawnSync(process.execPath, [join(root, 'packages/server/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

function startDoppel(extraEnv = {}) {
  return startBuiltServer(serverMain, { execArgv: ['--expose-gc', '--import', probe], env: extraEnv });
}

const message = (conversationId, text) => ({
  message: { type: 'TEXT', text, slug: 'demo', conversationId },
  timezone: 'UTC',
});
const conversations = (base, n) =>
  pool(n, 20, async () => (await json(base, '/api/conversations', { slug: 'demo', medium: 'WEB' })).id);

/** Times every level against `base`; `bodies(n)` gives n request bodies. */
async function latencySuite(base, bodies) {
  const out = {};
  for (const { concurrency, requests } of LEVELS) {
    const list = await bodies(requests);
    const agent = newAgent();
    const runs = await pool(requests, concurrency, (i) => timeStream(base, list[i], agent));
    agent.destroy();
    const failed = runs.filter((r) => !r.ok).length;
    out[`c${concurrency}`] = {
      requests,
      failed,
      firstTokenMs: summarise(runs.map((r) => r.firstToken)),
      finalEventMs: summarise(runs.map((r) => r.final)),
      tokensPerAnswer: summarise(runs.map((r) => r.tokens)).p50,
    };
    log(`c=${concurrency}: first token p50 ${out[`c${concurrency}`].firstTokenMs.p50} ms`);
  }
  return out;
}

/** The Doppel latency suite on a fresh server (PGlite in memory unless `env` says otherwise). */
async function doppelLatency(env = {}) {
  const doppel = await startDoppel(env);
  const profile = await json(doppel.base, '/api/clones/demo');
  const questions = profile.suggestedQuestions.map((q) => q.question);
  const bodies = async (n) =>
    (await conversations(doppel.base, n)).map((id, i) => message(id, questions[i % questions.length]));
  const warmUp = await bodies(50);
  const warmAgent = newAgent();
  await pool(50, 5, (i) => timeStream(doppel.base, warmUp[i], warmAgent));
  warmAgent.destroy();
  const runs = await latencySuite(doppel.base, bodies);
  await doppel.stop();
  return { runs, questions };
}

/**
 * A throw-away database on the PostgreSQL server of the tests, for the same suite on
 * DATABASE_URL; null when BENCH_POSTGRES=off or the server does not answer.
 */
async function scratchPostgres() {
  if (process.env.BENCH_POSTGRES === 'off') return null;
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const pg = createRequire(join(root, 'packages/server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch {
    log(`no PostgreSQL at ${url}; skipping the PostgreSQL run`);
    return null;
  }
  const name = `doppel_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function latencyPhase() {
  log('doppel on PGlite: measuring');
  const { runs: doppelRuns, questions } = await doppelLatency();
  let postgresRuns = null;
  const postgres = await scratchPostgres();
  if (postgres) {
    log('doppel on PostgreSQL: measuring');
    postgresRuns = (await doppelLatency({ DATABASE_URL: postgres.url })).runs;
    await postgres.drop();
  }

  const tokens = doppelRuns.c1.tokensPerAnswer;
  const baseline = spawnChild(join(here, 'lib-streams-baseline.mjs'), {
    env: { TOKENS: String(tokens), PORT: '0' },
  });
  const port = await listeningPort(baseline.child);
  const base = `http://127.0.0.1:${port}`;
  const fixed = async (n) =>
    Array.from({ length: n }, (_, i) => message('baseline', questions[i % questions.length]));
  const warmAgent = newAgent();
  await pool(50, 5, () => timeStream(base, message('baseline', 'warm-up'), warmAgent));
  warmAgent.destroy();
  log(`baseline (${tokens} tokens per answer): measuring`);
  const baselineRuns = await latencySuite(base, fixed);
  await baseline.stop();
  return {
    doppelPglite: doppelRuns,
    doppelPostgres: postgresRuns,
    baseline: baselineRuns,
    tokensPerAnswer: tokens,
  };
}

/** Asks the server for a full GC and a memory sample; resolves with the sample. */
function gcSample(server) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m?.type !== 'memory' || !m.afterGc) return;
      server.child.off('message', onMessage);
      resolve({ rssMB: mb(m.rss), heapUsedMB: mb(m.heapUsed) });
    };
    server.child.on('message', onMessage);
    server.child.send({ gc: true });
  });
}

async function openStreamsPhase() {
  const llm = spawnChild(join(here, 'lib-streams-llm.mjs'), {
    env: { TOKEN_MS: String(LLM_TOKEN_MS), WORDS: String(LLM_WORDS), PORT: '0' },
  });
  const llmPort = await listeningPort(llm.child);
  const doppel = await startDoppel({
    LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'bench',
  });
  const ids = await conversations(doppel.base, OPEN_STREAMS);
  const checkpoints = { beforeWaves: await gcSample(doppel) };
  const samples = [];
  const waves = [];
  const t0 = Date.now();
  for (let wave = 1; wave <= 2; wave++) {
    let open = 0;
    let peakOpen = 0;
    let allOpen = null;
    const timer = setInterval(() => {
      const m = doppel.memory.at(-1);
      if (m)
        samples.push({
          wave,
          t: Math.round((Date.now() - t0) / 100) / 10,
          open,
          rssMB: mb(m.rss),
          heapUsedMB: mb(m.heapUsed),
        });
    }, 1000);
    const started = Date.now();
    const agent = newAgent();
    const runs = await Promise.all(
      ids.map((id, i) =>
        timeStream(doppel.base, message(id, `Tell me about plane number ${i}`), agent, () => {
          open++;
          peakOpen = Math.max(peakOpen, open);
          // Live memory with every stream open: a full GC first, so garbage does not count.
          if (open === OPEN_STREAMS) allOpen = gcSample(doppel);
        }).finally(() => open--),
      ),
    );
    clearInterval(timer);
    agent.destroy();
    waves.push({
      wave,
      streams: runs.length,
      failed: runs.filter((r) => !r.ok).length,
      peakOpen,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      firstTokenMs: summarise(runs.map((r) => r.firstToken)),
    });
    if (allOpen) checkpoints[`allOpenWave${wave}`] = await allOpen;
    checkpoints[`afterWave${wave}`] = await gcSample(doppel);
    log(`wave ${wave}: ${runs.length} streams, peak open ${peakOpen}`);
  }
  await doppel.stop();
  await llm.stop();
  const whileOpen = samples.filter((s) => s.open >= OPEN_STREAMS * 0.95);
  return {
    streams: OPEN_STREAMS,
    llmDouble: { tokenMs: LLM_TOKEN_MS, words: LLM_WORDS },
    waves,
    checkpointsAfterGc: checkpoints,
    whileAllOpen: {
      samples: whileOpen.length,
      rssMB: summarise(whileOpen.map((s) => s.rssMB)),
      heapUsedMB: summarise(whileOpen.map((s) => s.heapUsedMB)),
    },
    samples,
  };
}

const started = Date.now();
const latency = await latencyPhase();
const openStreams = await openStreamsPhase();
console.log(
  JSON.stringify(
    {
      bench: 'streams',
      node: process.version,
      cpus: cpus().length,
      seconds: Math.round((Date.now() - started) / 1000),
      latency,
      openStreams,
    },
    null,
    2,
  ),
);
process.exit(0);

// The open-loop stream bench's pieces, shared by streams.mjs (one process) and cluster.mjs (one
// process on PGlite, one on PostgreSQL and the cluster, in the same run): the bodies of sends, a
// burst of sends arriving at once and its figures, a throw-away PostgreSQL database, the bare
// node:http SSE baseline shaped like a real answer, and the load average to print beside figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { json, listeningPort, pool, spawnChild, summarise, timeStream } from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

export const round1 = (n) => Math.round(n * 10) / 10;
export const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
/** The 1, 5 and 15 minute load averages (the machine may be shared: printed with every figure). */
export const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The body of one send of `text` in `conversationId` to the demo clone. */
export const message = (conversationId, text) => ({
  message: { type: 'TEXT', text, slug: 'demo', conversationId },
  timezone: 'UTC',
});

/**
 * `n` conversations, each of a new visitor (no cookie is sent back, so each gets its own id).
 * Setting up, not measured: a kept-alive connection closed under the client (by a proxy after a
 * burst) is tried again on a new one.
 */
export const conversations = (base, n) =>
  pool(n, 20, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await json(base, '/api/conversations', { slug: 'demo', medium: 'WEB' })).id;
      } catch (error) {
        if (attempt >= 4) throw error;
        await sleep(200 * (attempt + 1));
      }
    }
  });

/** `n` send bodies for `base`: new conversations, the demo's suggested questions in turn. */
export async function sendBodies(base, questions, n) {
  return (await conversations(base, n)).map((id, i) => message(id, questions[i % questions.length]));
}

/** Figures of one set of streams that started together or at a rate over `spanMs`. */
export function figures(runs, spanMs) {
  const ok = runs.filter((r) => r.ok);
  const failures = {};
  for (const r of runs) if (!r.ok) failures[r.failure] = (failures[r.failure] ?? 0) + 1;
  return {
    streams: runs.length,
    failed: runs.length - ok.length,
    ...(runs.length > ok.length && { failures }),
    streamsPerSecond: round1((ok.length / spanMs) * 1000),
    firstTokenMs: summarise(ok.map((r) => r.firstToken)),
    finalEventMs: summarise(ok.map((r) => r.final)),
    tokensPerAnswer: summarise(ok.map((r) => r.tokens)).p50,
  };
}

/** All `bodies` sent at once, each on a connection of its own; resolves with the runs and figures. */
export async function burst(base, bodies) {
  const started = performance.now();
  const runs = await Promise.all(bodies.map((body) => timeStream(base, body, false)));
  return { runs, ...figures(runs, performance.now() - started) };
}

/** `rate` sends a second, on schedule whatever the answers do (open loop). */
export async function steady(base, bodies, rate) {
  const started = performance.now();
  const runs = await Promise.all(
    bodies.map(async (body, i) => {
      const due = started + (i * 1000) / rate;
      await sleep(Math.max(0, due - performance.now()));
      return timeStream(base, body, false);
    }),
  );
  return figures(runs, performance.now() - started);
}

/**
 * Closed loop: `clients` clients at once, each sending its bodies one after the other, the next
 * when the previous answer ended (`clients` concurrent streams at every moment). Hides queueing
 * (a client waits for its answer before asking again), so it answers "how fast with n streams
 * open", not "how fast for n arriving at once" (that is `burst`).
 */
export async function closedLoop(base, bodies, clients) {
  const started = performance.now();
  const runs = (
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const mine = [];
        for (let i = c; i < bodies.length; i += clients) mine.push(await timeStream(base, bodies[i], false));
        return mine;
      }),
    )
  ).flat();
  return figures(runs, performance.now() - started);
}

/** A burst's figures without its runs (for the JSON). */
export const strip = ({ runs, ...rest }) => rest;

/** The PostgreSQL server the benches use: DATABASE_URL, TEST_DATABASE_URL or the tests' default. */
export const postgresUrl = () =>
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A throw-away database on the PostgreSQL server; `drop()` removes it. */
export async function scratchPostgres(tag = 'bench') {
  const url = postgresUrl();
  const pg = createRequire(join(root, 'packages/server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `doppel_${tag}_${process.pid}_${Date.now() % 100000}`;
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

/**
 * The bare server, shaped like `sample` (a Doppel answer as timeStream read it), on `port`
 * (0: any free one).
 */
export async function startBaseline(sample, port = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-'));
  const shape = join(dir, 'shape.json');
  writeFileSync(shape, JSON.stringify({ tokens: sample.tokenTexts, finalBytes: sample.finalBytes }));
  const baseline = spawnChild(join(here, 'lib-streams-baseline.mjs'), {
    env: { SHAPE: shape, PORT: String(port) },
  });
  const listening = await listeningPort(baseline.child);
  return { ...baseline, base: `http://127.0.0.1:${listening}` };
}

/**
 * Warms `base` up with 20 sends and answers the median-length answer among them (the shape the
 * bare server streams) and the demo clone's suggested questions.
 */
export async function warmUp(base) {
  const profile = await json(base, '/api/clones/demo');
  const questions = profile.suggestedQuestions.map((q) => q.question);
  const warm = await Promise.all(
    (await sendBodies(base, questions, 20)).map((b) => timeStream(base, b, false)),
  );
  const answered = warm.filter((r) => r.ok).sort((a, b) => a.tokens - b.tokens);
  const sample = answered[Math.floor(answered.length / 2)];
  if (!sample) throw new Error(`${base} answered no warm-up stream: ${warm[0]?.failure}`);
  return { questions, sample };
}

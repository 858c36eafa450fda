#!/usr/bin/env node
// Benchmark of usage enforcement (DESIGN §4, §6): what charging a message in the send's own
// statement costs. Two servers run side by side (built, in child processes, each on its own
// in-memory PGlite with the demo clone and the local brain): one with enforcement (the
// default) and one with USAGE_ENFORCEMENT=off (a switch that exists for this benchmark only).
// Batches alternate between them so that drift of the machine hits both alike. Each send comes
// from an anonymous visitor (X-Doppel-Visitor header, 5 sends per visitor, within the demo's
// anonymous quota of 10): time to the first token and to the final event, p50/p99, at 1 and 20
// concurrent sends. The same on PostgreSQL when the test server answers (BENCH_POSTGRES=off
// skips it). Then the sign-in round trip: POST /api/auth/email/send, the code read from the
// developer outbox, POST /api/auth/email/verify. Prints JSON.
// Usage: node scripts/bench/quota.mjs   (about a minute)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newAgent, pool, startBuiltServer, summarise } from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const SENDS_PER_VISITOR = 5;
const LEVELS = [
  // Short batches, alternating, so that both servers see the same moments of a busy machine.
  { concurrency: 1, sendsPerBatch: 10, rounds: 30 },
  { concurrency: 20, sendsPerBatch: 100, rounds: 8 },
];
const SIGN_INS = 50;
const log = (m) => process.stderr.write(`[bench:quota] ${m}\n`);
const round2 = (n) => Math.round(n * 100) / 100;

if (!existsSync(serverMain)) {
  log('building the server');
  const built = spawnSync(process.execPath, [join(root, 'packages/server/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

function startServer(env) {
  // The sign-in phase asks for many codes from one address and reads them from the developer outbox.
  return startBuiltServer(serverMain, {
    env: { OTP_SENDS_PER_IP_PER_HOUR: '1000000', DEV_OUTBOX: 'on', ...env },
  });
}

/** One HTTP request with JSON in and out; resolves {status, headers, body}. */
function call(base, path, { method = 'GET', body, headers = {}, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : null }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** POSTs one message as `visitor` and times its SSE answer (first token, final event). */
function timeSend(base, body, visitor, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstToken = null;
    let tail = '';
    const req = request(
      `${base}/api/clone/talk/messages/stream`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-doppel-visitor': visitor } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream answered ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const events = (tail + chunk).split('\n\n');
          tail = events.pop() ?? '';
          for (const event of events) {
            if (event.startsWith('data: {"type":"token"')) firstToken ??= performance.now() - started;
            else if (
              event.startsWith('data: {"type":"message"') ||
              event.startsWith('data: {"type":"error"')
            ) {
              const final = performance.now() - started;
              resolve({ firstToken: firstToken ?? final, final, ok: event.includes('"message"') });
            }
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** `n` sends' worth of visitors and conversations on `base`: [{visitor, body}], 5 per visitor. */
async function prepareSends(base, n, questions, agent) {
  const visitors = Math.ceil(n / SENDS_PER_VISITOR);
  const prepared = await pool(visitors, 10, async () => {
    const me = await call(base, '/api/me', { agent });
    const visitor = me.headers['x-doppel-visitor'];
    const conversation = await call(base, '/api/conversations', {
      method: 'POST',
      body: { slug: 'demo', medium: 'WEB' },
      headers: { 'x-doppel-visitor': visitor },
      agent,
    });
    return { visitor, conversationId: conversation.body.id };
  });
  // Round robin: sends in flight together come from different visitors, as in real traffic
  // (one visitor's sends queue on their own counter row, which is the point of the charge).
  return Array.from({ length: n }, (_, i) => {
    const { visitor, conversationId } = prepared[i % visitors];
    const text = questions[i % questions.length];
    return {
      visitor,
      body: { message: { type: 'TEXT', text, slug: 'demo', conversationId }, timezone: 'UTC' },
    };
  });
}

/** Alternating batches on the enforcing and the non-enforcing server, per concurrency level. */
async function enforcementSuite(servers) {
  const profile = await call(servers.enforced.base, '/api/clones/demo');
  const questions = profile.body.suggestedQuestions.map((q) => q.question);
  const out = {};
  for (const [mode, server] of Object.entries(servers)) {
    const agent = newAgent();
    const warm = await prepareSends(server.base, 50, questions, agent);
    await pool(warm.length, 5, (i) => timeSend(server.base, warm[i].body, warm[i].visitor, agent));
    agent.destroy();
    log(`${mode}: warmed up`);
  }
  for (const { concurrency, sendsPerBatch, rounds } of LEVELS) {
    const samples = { enforced: [], unenforced: [] };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? ['enforced', 'unenforced'] : ['unenforced', 'enforced'];
      for (const mode of order) {
        const server = servers[mode];
        const agent = newAgent();
        const sends = await prepareSends(server.base, sendsPerBatch, questions, agent);
        const runs = await pool(sends.length, concurrency, (i) =>
          timeSend(server.base, sends[i].body, sends[i].visitor, agent),
        );
        agent.destroy();
        if (runs.some((run) => !run.ok)) throw new Error(`${mode}: an answer failed`);
        samples[mode].push(...runs);
      }
    }
    const summary = (mode) => ({
      sends: samples[mode].length,
      firstTokenMs: summarise(samples[mode].map((s) => s.firstToken)),
      finalEventMs: summarise(samples[mode].map((s) => s.final)),
    });
    const enforced = summary('enforced');
    const unenforced = summary('unenforced');
    out[`c${concurrency}`] = {
      enforced,
      unenforced,
      addedByEnforcementP50Ms: {
        firstToken: round2(enforced.firstTokenMs.p50 - unenforced.firstTokenMs.p50),
        finalEvent: round2(enforced.finalEventMs.p50 - unenforced.finalEventMs.p50),
      },
    };
    log(
      `c=${concurrency}: enforcement adds ${out[`c${concurrency}`].addedByEnforcementP50Ms.firstToken} ms to first-token p50`,
    );
  }
  return out;
}

/** Sign-in as a person does it: ask for a code, read it (developer outbox), type it. */
async function signInSuite(base) {
  const agent = newAgent();
  const samples = [];
  for (let i = 0; i < SIGN_INS + 5; i++) {
    const email = `bench${i}.${process.pid}@example.com`;
    const t0 = performance.now();
    const sent = await call(base, '/api/auth/email/send', { method: 'POST', body: { email }, agent });
    const t1 = performance.now();
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}`);
    const outbox = await call(base, `/api/dev/outbox?to=${encodeURIComponent(email)}`, { agent });
    const code = outbox.body.messages[0].code;
    const t2 = performance.now();
    const verified = await call(base, '/api/auth/email/verify', {
      method: 'POST',
      body: { email, code },
      agent,
    });
    const t3 = performance.now();
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
    if (i >= 5) samples.push({ send: t1 - t0, verify: t3 - t2, roundTrip: t1 - t0 + (t3 - t2) });
  }
  agent.destroy();
  return {
    signIns: samples.length,
    sendMs: summarise(samples.map((s) => s.send)),
    verifyMs: summarise(samples.map((s) => s.verify)),
    sendPlusVerifyMs: summarise(samples.map((s) => s.roundTrip)),
  };
}

/** Two throw-away databases on the test PostgreSQL server; null when off or unreachable. */
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
  const names = ['on', 'off'].map((mode) => `doppel_bench_quota_${mode}_${process.pid}`);
  const urls = [];
  for (const name of names) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    urls.push(scratch.toString());
  }
  return {
    urls,
    async drop() {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function run(envOn, envOff) {
  const servers = {
    enforced: await startServer({ USAGE_ENFORCEMENT: 'on', ...envOn }),
    unenforced: await startServer({ USAGE_ENFORCEMENT: 'off', ...envOff }),
  };
  try {
    const sends = await enforcementSuite(servers);
    return { sends, signIn: await signInSuite(servers.enforced.base) };
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
}

log('PGlite (the embedded default): measuring');
const pglite = await run({}, {});
let postgres = null;
const scratch = await scratchPostgres();
if (scratch) {
  log('PostgreSQL: measuring');
  try {
    postgres = await run({ DATABASE_URL: scratch.urls[0] }, { DATABASE_URL: scratch.urls[1] });
  } finally {
    await scratch.drop();
  }
}

console.log(
  JSON.stringify(
    {
      benchmark: 'usage enforcement and sign-in',
      node: process.version,
      cpus: cpus().length,
      method:
        'Two built servers side by side, USAGE_ENFORCEMENT on and off, batches alternating between them; ' +
        'anonymous visitors (X-Doppel-Visitor), 5 sends each, demo clone, local brain. firstTokenMs: request ' +
        'start to the first token event; finalEventMs: to the stored message event. signIn: POST send, then ' +
        'POST verify (the outbox read between them is not counted), on the enforcing server.',
      targetAddedP50Ms: 2,
      pglite,
      postgres,
    },
    null,
    2,
  ),
);

#!/usr/bin/env node
// Voice call benchmark (issue 11): the built server (in-memory PGlite, the demo clone allowed to
// take calls) on the local pipeline. Each of 20 questions of clones/demo/eval.json is spoken by
// espeak-ng and streamed into a call's WebSocket at real-time pace (100 ms frames), then quiet;
// latency is from the end of the speech to the first byte of the clone's spoken answer (it includes
// the 700 ms of quiet that tells the server the caller has finished). Baseline in the same run:
// recognition alone (POST /api/clones/demo/dictation with the same recording). Then N calls at once
// (1, 2, 4, 8, 12, 16, 24, 32, …; steps under 8 calls repeated to 8 latencies), each asking one
// question, stepping up until the p50 latency is twice the one-at-a-time p50 of the same run (or a
// call goes unanswered): `callsBeforeDoubling` is the last step under it. Prints JSON.
// Usage: node scripts/bench/voice-call.mjs [--max-calls=N]   (needs `npm run build` and pocketsphinx;
// ~5 minutes)
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUnderTsx } from './lib-tsx.mjs';

runUnderTsx(import.meta.url);

// The server's own WebSocket client library (a dependency of packages/server, not of the root).
const WebSocket = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), '../../packages/server/package.json'),
)('ws');
const { startBuiltServer, summarise } = await import('./lib-streams-client.mjs');
const { spokenWav } = await import('../../packages/server/test/support/speech-wav.ts');

const MAX_CALLS = Number(process.argv.find((a) => a.startsWith('--max-calls='))?.split('=')[1] ?? 128);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const log = (m) => process.stderr.write(`[bench:voice-call] ${m}\n`);
if (!existsSync(serverMain)) {
  log('build first: npm run build');
  process.exit(1);
}

// The demo clone, allowed to take calls, with an hour of anonymous time per visitor.
const folder = mkdtempSync(join(tmpdir(), 'doppel-bench-call-'));
cpSync(join(root, 'clones/demo'), folder, { recursive: true });
const clone = JSON.parse(readFileSync(join(folder, 'clone.json'), 'utf8'));
clone.options = { ...clone.options, allowVoice: true };
clone.monetization.anonymous_quota.voice_minutes = 60;
writeFileSync(join(folder, 'clone.json'), JSON.stringify(clone));
const questions = JSON.parse(readFileSync(join(folder, 'eval.json'), 'utf8'))
  .questions.map((q) => q.q)
  .slice(0, 20);

const server = await startBuiltServer(serverMain, { env: { DEMO_CLONE_DIR: folder } });
const { base } = server;
// The server names itself http://localhost:PORT (no PUBLIC_URL): its pages' origin.
const site = new URL(base.replace('127.0.0.1', 'localhost')).origin;

async function visitor() {
  const me = await fetch(`${base}/api/me`);
  return me.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One call asking `question`: ms from the end of the speech to the first audio byte (null: none). */
async function askByVoice(question) {
  const cookie = await visitor();
  const started = await fetch(`${base}/api/calls/voice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: site },
    body: JSON.stringify({ slug: 'demo' }),
  });
  if (!started.ok) throw new Error(`POST /api/calls/voice answered ${started.status}`);
  const { socketPath } = await started.json();
  const ws = new WebSocket(`${base.replace('http', 'ws')}${socketPath}`, { headers: { origin: site } });
  await new Promise((done, fail) => ws.once('open', done).once('error', fail));
  const pcm = spokenWav(question).subarray(44);
  let speechEnded = 0;
  const answered = new Promise((done) => {
    const timer = setTimeout(() => done(null), 30_000);
    ws.on('message', (_data, binary) => {
      if (binary) {
        clearTimeout(timer);
        done(performance.now() - speechEnded);
      }
    });
  });
  const frame = 3_200; // 100 ms of 16 kHz 16-bit
  const quiet = Buffer.alloc(frame);
  for (let at = 0; at < pcm.length; at += frame) {
    ws.send(pcm.subarray(at, at + frame));
    await new Promise((r) => setTimeout(r, 100));
  }
  speechEnded = performance.now();
  let latency = null;
  const sending = (async () => {
    for (let i = 0; i < 40 && latency === null; i += 1) {
      ws.send(quiet);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  latency = await answered;
  await sending;
  ws.send(JSON.stringify({ type: 'end' }));
  ws.close();
  return latency;
}

/** Recognition alone, for the same recording: the dictation route. */
async function recogniseOnly(question) {
  const cookie = await visitor();
  const started = performance.now();
  const res = await fetch(`${base}/api/clones/demo/dictation`, {
    method: 'POST',
    headers: { 'content-type': 'audio/wav', cookie, origin: site },
    body: spokenWav(question),
  });
  if (!res.ok) throw new Error(`dictation answered ${res.status}`);
  await res.json();
  return performance.now() - started;
}

try {
  // The clone's recognition model is built on the first use: once before measuring.
  await recogniseOnly(questions[0]);
  const sequential = [];
  const unanswered = [];
  for (const question of questions) {
    const latency = await askByVoice(question);
    if (latency === null) unanswered.push(question);
    else sequential.push(latency);
    log(`${question} → ${latency === null ? 'no answer' : `${Math.round(latency)} ms`}`);
  }
  const baseline = [];
  for (const question of questions) baseline.push(await recogniseOnly(question));
  // The single-call baseline: the p50 of the 20 calls made one at a time above.
  const single = summarise(sequential).p50;
  const concurrent = [];
  let callsBeforeDoubling = null;
  let doubledAt = null;
  for (const calls of concurrencySteps(MAX_CALLS)) {
    // At least 8 latencies a step (rounds of `calls` at once), so one slow call does not decide.
    const rounds = Math.ceil(8 / calls);
    const latencies = [];
    for (let round = 0; round < rounds; round += 1) {
      latencies.push(
        ...(await Promise.all(
          Array.from({ length: calls }, (_, i) =>
            askByVoice(questions[(round * calls + i) % questions.length]),
          ),
        )),
      );
    }
    const answered = latencies.filter((l) => l !== null);
    const summary = summarise(answered);
    const ratio = Math.round((summary.p50 / single) * 100) / 100;
    concurrent.push({
      calls,
      rounds,
      answered: `${answered.length} of ${latencies.length}`,
      endOfSpeechToAudioMs: summary,
      p50VsSingle: ratio,
    });
    log(`${calls} at once: ${answered.length} answered, ${JSON.stringify(summary)}, p50 ×${ratio}`);
    if (answered.length < latencies.length || summary.p50 >= 2 * single) {
      doubledAt = calls;
      break;
    }
    callsBeforeDoubling = calls;
  }
  console.log(
    JSON.stringify(
      {
        bench: 'voice-call',
        utterances: questions.length,
        answered: sequential.length,
        unanswered,
        endOfSpeechToFirstAudioByteMs: { ...summarise(sequential), p95: summarise95(sequential) },
        baselineRecognitionOnlyMs: { ...summarise(baseline), p95: summarise95(baseline) },
        concurrent,
        singleCallP50Ms: single,
        // The most calls at once whose p50 stayed under twice the single-call p50 (null: doubled
        // from the first step), and the step where it doubled (null: not within --max-calls).
        callsBeforeDoubling,
        doubledAt,
        cores: availableParallelism(),
        loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}

/** 1, 2, 4, 8, then half again each step (12, 16, 24, 32, 48, …) up to `max`. */
function concurrencySteps(max) {
  const steps = [1, 2, 4, 8];
  while ((steps.at(-1) ?? 1) < max) {
    const last = steps.at(-1) ?? 1;
    const before = steps.at(-2) ?? last;
    steps.push(Math.min(max, last === before * 2 ? last + last / 2 : before * 2));
  }
  return steps.filter((n) => n <= max);
}

function summarise95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0) * 100) / 100
  );
}

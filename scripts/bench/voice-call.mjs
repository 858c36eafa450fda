#!/usr/bin/env node
// Voice call benchmark (issue 11): the built server (in-memory PGlite, the demo clone allowed to
// take calls) on the local pipeline. Each of 20 questions of clones/demo/eval.json is spoken by
// espeak-ng and streamed into a call's WebSocket at real-time pace (100 ms frames), then quiet;
// latency is from the end of the speech to the first byte of the clone's spoken answer (it includes
// the 700 ms of quiet that tells the server the caller has finished). Baseline in the same run:
// recognition alone (POST /api/clones/demo/dictation with the same recording). Then N calls at once
// (1, 2, 4, 8), each asking one question, for the latency under load. Prints JSON.
// Usage: node scripts/bench/voice-call.mjs   (needs `npm run build` and pocketsphinx; ~3 minutes)
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
  const concurrent = [];
  for (const calls of [1, 2, 4, 8]) {
    const latencies = await Promise.all(questions.slice(0, calls).map((q) => askByVoice(q)));
    const answered = latencies.filter((l) => l !== null);
    concurrent.push({ calls, answered: answered.length, endOfSpeechToAudioMs: summarise(answered) });
    log(`${calls} at once: ${JSON.stringify(summarise(answered))}`);
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
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}

function summarise95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0) * 100) / 100
  );
}

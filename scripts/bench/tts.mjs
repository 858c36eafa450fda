#!/usr/bin/env node
// Benchmark of read aloud's local voice (issue 10 §3): time to the first audio byte of
// POST /api/tts on the built server (in-memory PGlite, the demo clone, espeak-ng), for a short
// sentence and a typical clone answer, each text new (a cache miss: espeak-ng runs), then the same
// texts again (served from the tts_audio cache). Baseline in the same run: espeak-ng itself, spawned
// with the same arguments, to its first byte on standard output. Prints JSON.
// Usage: node scripts/bench/tts.mjs   (needs `npm run build`; about a minute)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer, summarise } from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const serverMain = join(here, '..', '..', 'packages/server/dist/main.mjs');
const RUNS = 20;
const log = (m) => process.stderr.write(`[bench:tts] ${m}\n`);
if (!existsSync(serverMain)) {
  log('build first: npm run build');
  process.exit(1);
}

const SHORT = 'I sharpen at twenty-five degrees with a thirty degree micro-bevel.';
const ANSWER =
  'I start every plane iron on the coarse stone until I raise a burr along the whole edge, then I ' +
  'move to the fine stone and keep the same angle. The micro-bevel is only a few strokes at thirty ' +
  'degrees, which is why honing takes under a minute once the primary bevel is set. Strop on leather ' +
  'with a little compound, test on end grain, and go make some shavings.';

/** Time to the first byte of `espeak-ng --stdout` for `text` (the same voice and speed as the server). */
function espeakFirstByte(text) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('espeak-ng', ['--stdout', '-v', 'en-us+f3', '-s', '165']);
    let first = null;
    child.stdout.on('data', () => {
      first ??= performance.now() - started;
    });
    child.on('close', () => resolve({ firstByte: first, total: performance.now() - started }));
    child.on('error', reject);
    child.stdin.end(text);
  });
}

/** Time to the first byte and to the end of POST /api/tts for `text` (a new connection each time). */
function ttsFirstByte(base, text) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${base}/api/tts`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`POST /api/tts answered ${res.statusCode}`));
        let first = null;
        let bytes = 0;
        res.on('data', (chunk) => {
          first ??= performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            firstByte: first,
            total: performance.now() - started,
            bytes,
            source: res.headers['x-doppel-audio'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ slug: 'demo', text }));
  });
}

const round = (s) => ({ p50: Math.round(s.p50 * 10) / 10, p99: Math.round(s.p99 * 10) / 10 });
const server = await startBuiltServer(serverMain, { env: { TTS_PER_IP_PER_HOUR: '1000000' } });
const results = {};
try {
  for (const [name, text] of [
    ['short sentence', SHORT],
    ['typical answer', ANSWER],
  ]) {
    log(`${name}: ${text.length} characters`);
    const made = [];
    const cached = [];
    const bare = [];
    for (let i = 0; i < RUNS; i++) {
      const unique = `${text} Take ${i + 1}.`;
      bare.push(await espeakFirstByte(unique));
      made.push(await ttsFirstByte(server.base, unique));
      cached.push(await ttsFirstByte(server.base, unique));
    }
    if (made.some((r) => r.source !== 'made') || cached.some((r) => r.source !== 'cached'))
      throw new Error('the cache did not behave: expected made, then cached');
    results[name] = {
      characters: text.length,
      audioBytes: made[0].bytes,
      newAudioFirstByteMs: round(summarise(made.map((r) => r.firstByte))),
      newAudioCompleteMs: round(summarise(made.map((r) => r.total))),
      cachedFirstByteMs: round(summarise(cached.map((r) => r.firstByte))),
      bareEspeakFirstByteMs: round(summarise(bare.map((r) => r.firstByte))),
      bareEspeakCompleteMs: round(summarise(bare.map((r) => r.total))),
    };
  }
} finally {
  await server.stop();
}
console.log(JSON.stringify({ runs: RUNS, results }, null, 2));

#!/usr/bin/env node
// Benchmark of large uploads (issue 10 §4): a 200 MB text file through the presigned multipart
// protocol of spec/chat.md §7 (30 MB parts, 5 PUTs at a time per batch, then complete), to the
// built server storing on local disk, and to the same server storing in an S3-compatible server
// (s3rver, local). Baseline in the same run: the same bytes written to local disk by one
// fs.writeFile. Each measured twice; MB/s from the fastest. Prints JSON.
// Usage: node scripts/bench/uploads.mjs   (needs `npm run build`; about two minutes)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const requireFromServer = createRequire(join(root, 'packages/server/package.json'));
const S3rver = requireFromServer('s3rver');
const SIZE = 200 * 1024 * 1024;
const PART = 31_457_280;
const PARALLEL = 5;
const RUNS = 2;
const log = (m) => process.stderr.write(`[bench:uploads] ${m}\n`);
if (!existsSync(serverMain)) {
  log('build first: npm run build');
  process.exit(1);
}

const file = Buffer.alloc(SIZE, 'shavings and sawdust\n');
file.write('Bench notes.\n\n', 0);

async function visitorOf(base) {
  const res = await fetch(`${base}/api/me`);
  await res.arrayBuffer();
  return res.headers.get('x-doppel-visitor');
}

async function uploadOnce(base, visitor) {
  const headers = { 'content-type': 'application/json', 'x-doppel-visitor': visitor };
  const started = performance.now();
  const start = await fetch(`${base}/api/uploads/multipart`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      fileName: 'bench.txt',
      fileSize: SIZE,
      contentType: 'text/plain',
      bucketType: 'consumer',
    }),
  });
  if (start.status !== 201) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  const { uploadId, partUrls, fileKey } = await start.json();
  const partETags = [];
  for (let batch = 0; batch < partUrls.length; batch += PARALLEL) {
    const tags = await Promise.all(
      partUrls.slice(batch, batch + PARALLEL).map(async (url, i) => {
        const n = batch + i + 1;
        const res = await fetch(new URL(url, base), {
          method: 'PUT',
          body: file.subarray((n - 1) * PART, n * PART),
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`part ${n} answered ${res.status}`);
        return { PartNumber: n, ETag: res.headers.get('etag') };
      }),
    );
    partETags.push(...tags);
  }
  const done = await fetch(`${base}/api/uploads/multipart/complete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fileKey, uploadId, partETags, fileName: 'bench.txt' }),
  });
  if (!done.ok) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
  await done.json();
  return { ms: performance.now() - started, parts: partUrls.length };
}

async function measure(name, env) {
  const server = await startBuiltServer(serverMain, { env });
  try {
    const visitor = await visitorOf(server.base);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await uploadOnce(server.base, visitor));
    const best = Math.min(...runs.map((r) => r.ms));
    log(`${name}: ${runs.map((r) => Math.round(r.ms)).join(', ')} ms`);
    return {
      parts: runs[0].parts,
      runsMs: runs.map((r) => Math.round(r.ms)),
      bestMBps: Math.round((SIZE / 1024 / 1024 / (best / 1000)) * 10) / 10,
    };
  } finally {
    await server.stop();
  }
}

const dirs = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-uploads-'));
  dirs.push(dir);
  return dir;
};
const results = {};
try {
  const baseline = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    writeFileSync(join(scratch(), 'baseline.bin'), file);
    baseline.push(performance.now() - started);
  }
  results.baselineWriteFile = {
    runsMs: baseline.map(Math.round),
    bestMBps: Math.round((200 / (Math.min(...baseline) / 1000)) * 10) / 10,
  };
  results.localDisk = await measure('local disk', { UPLOADS_DIR: scratch() });
  const s3dir = scratch();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = await s3.run();
  try {
    results.s3rver = await measure('s3rver', {
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    });
  } finally {
    await s3.close();
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ fileBytes: SIZE, partBytes: PART, parallelParts: PARALLEL, results }, null, 2));

#!/usr/bin/env node
// Benchmark of knowledge retrieval (DESIGN §3, §6): one clone of 1,000, 10,000 and 100,000
// generated chunks on in-memory PGlite; ~200 varied questions each (natural, heavy in common
// words, rare words, mixed, no match). Times `retrieve` from @doppel/brain against two naive
// baselines measured in the same run: `tsv @@ plainto_tsquery(q) ORDER BY ts_rank LIMIT k`
// (AND of all terms) and the same with the terms ORed (what an answer needs: any match).
// Prints JSON. Usage: node scripts/bench/retrieval.mjs   (BENCH_SIZES=1000,10000 to choose)
import { runUnderTsx } from './lib-tsx.mjs';

runUnderTsx(import.meta.url);

const { openDb, migrate } = await import('../../packages/db/src/index.ts');
const { retrieve } = await import('../../packages/brain/src/retrieval/retrieve.ts');
const { rebuildTermStats, refreshSearchIndex } = await import(
  '../../packages/brain/src/retrieval/term-stats.ts'
);
const { corpus, questions } = await import('./lib-retrieval-corpus.mjs');

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 200);
const LIMIT = 6;
const CHUNKS_PER_DOCUMENT = 50;
const log = (m) => process.stderr.write(`[bench:retrieval] ${m}\n`);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return { p50: r(percentile(sorted, 50)), p99: r(percentile(sorted, 99)), max: r(sorted.at(-1)) };
}

async function load(db, size) {
  const gen = corpus({ seed: size });
  const [clone] = await db.query("INSERT INTO clones (slug, name) VALUES ('bench', 'Bench') RETURNING id");
  const texts = [];
  await db.query('DROP INDEX chunks_tsv');
  for (let start = 0; start < size; start += CHUNKS_PER_DOCUMENT) {
    const doc = gen.document(Math.min(CHUNKS_PER_DOCUMENT, size - start));
    const [row] = await db.query(
      "INSERT INTO documents (clone_id, path, title, type, content_hash) VALUES ($1, $2, $3, 'file', 'x') RETURNING id",
      [clone.id, `knowledge/doc-${start}.md`, doc.title],
    );
    const rows = doc.chunks.map((text, position) => ({ position, text }));
    texts.push(...doc.chunks);
    await db.query(
      `INSERT INTO chunks (clone_id, document_id, position, text)
       SELECT $1, $2, r.position, r.text FROM jsonb_to_recordset($3::jsonb) AS r(position int, text text)`,
      [clone.id, row.id, JSON.stringify(rows)],
    );
  }
  await db.query('CREATE INDEX chunks_tsv ON chunks USING gin (tsv)');
  await rebuildTermStats(db, clone.id);
  await refreshSearchIndex(db);
  return { cloneId: clone.id, texts, words: gen.words };
}

const NAIVE_AND = `SELECT id FROM chunks WHERE clone_id = $1 AND tsv @@ plainto_tsquery('english', $2)
  ORDER BY ts_rank(tsv, plainto_tsquery('english', $2)) DESC LIMIT ${LIMIT}`;
const NAIVE_OR = `WITH q AS (SELECT replace(plainto_tsquery('english', $2)::text, '&', '|')::tsquery AS q)
  SELECT id FROM chunks, q WHERE clone_id = $1 AND tsv @@ q.q ORDER BY ts_rank(tsv, q.q) DESC LIMIT ${LIMIT}`;

async function measure(run, qs) {
  for (const q of qs.slice(0, 5)) await run(q); // warm-up
  const times = [];
  const byKind = {};
  let sourceFound = 0;
  let natural = 0;
  let empty = 0;
  for (const q of qs) {
    const t = performance.now();
    const ids = await run(q);
    const ms = performance.now() - t;
    times.push(ms);
    byKind[q.kind] ??= [];
    byKind[q.kind].push(ms);
    if (ids.length === 0) empty += 1;
    if (q.kind === 'natural') {
      natural += 1;
      if (ids.includes(q.sourceId)) sourceFound += 1;
    }
  }
  return {
    ...summary(times),
    byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, summary(v)])),
    sourceChunkInTop6: Math.round((sourceFound / natural) * 100) / 100,
    noResults: empty,
  };
}

const results = [];
const started = performance.now();
for (const size of SIZES) {
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  let t = performance.now();
  const { cloneId, texts, words } = await load(db, size);
  const loadMs = Math.round(performance.now() - t);
  log(`${size} chunks loaded in ${loadMs} ms`);
  const ids = (await db.query('SELECT id FROM chunks ORDER BY id')).map((r) => r.id);
  const qs = questions(texts, words, QUESTIONS).map((q) => ({
    ...q,
    sourceId: q.source === undefined ? undefined : ids[q.source],
  }));
  t = performance.now();
  const retrieveStats = await measure(
    async (q) => (await retrieve(db, cloneId, q.text, { limit: LIMIT })).map((p) => p.chunkId),
    qs,
  );
  const naiveAnd = await measure(
    async (q) => (await db.query(NAIVE_AND, [cloneId, q.text])).map((r) => r.id),
    qs,
  );
  const naiveOr = await measure(
    async (q) => (await db.query(NAIVE_OR, [cloneId, q.text])).map((r) => r.id),
    qs,
  );
  log(`${size}: measured in ${Math.round(performance.now() - t)} ms`);
  results.push({ chunks: size, loadMs, retrieve: retrieveStats, baseline: { naiveAnd, naiveOr } });
  await db.close();
}

console.log(
  JSON.stringify(
    {
      bench: 'retrieval',
      database: 'pglite (in memory)',
      method:
        'retrieve = @doppel/brain retrieve(); naiveAnd = tsv @@ plainto_tsquery ORDER BY ts_rank LIMIT k; ' +
        'naiveOr = the same with the terms ORed. sourceChunkInTop6: share of "natural" questions (built from ' +
        'one chunk) whose chunk is among the results; noResults: questions answered with nothing.',
      questions: QUESTIONS,
      limit: LIMIT,
      unit: 'ms',
      results,
      totalSeconds: Math.round((performance.now() - started) / 1000),
    },
    null,
    2,
  ),
);

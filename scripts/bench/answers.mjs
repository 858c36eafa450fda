#!/usr/bin/env node
// Answer-quality benchmark of the local brain (DESIGN §3, issue 8): every question of a clone's
// eval.json (clones/demo, clones/bench-cycling, clones/bench-marine, clones/bench-bees,
// clones/bench-pottery, clones/bench-garden, clones/bench-dogs, clones/bench-bread,
// clones/bench-piano, clones/bench-tailor, clones/bench-swim) is asked of today's local brain and of the composer as it was before
// issue 8 (vendored in lib-answers-baseline/, the baseline), in the same run, on in-memory PGlite. Questions with `history` are asked after their earlier
// questions, in one conversation. Prints JSON per clone and brain:
//   keyFactStatedPct     answers whose text matches the question's `fact` pattern
//   firstCitationRightPct answers whose first cited source is (one of) the question's `doc`
//   offTopicHonestPct    off-topic questions answered "I haven't covered that" without sources
//   grazesHedgedPct      questions the knowledge only grazes answered with a hedge (or honestly not)
//   danglingOpenings     answers opening with a pronoun or demonstrative that points at nothing
//   medianWords          median answer length (words, markers left out) of answered questions
// and, for today's brain, the ids of the questions that missed. BENCH_VERBOSE=1 prints every
// question and answer on stderr; BENCH_EVAL=heldout.json reads that file of each clone instead of
// eval.json (a held-out set, never used to tune the composer).
// Usage: node scripts/bench/answers.mjs [clone-dir ...]
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUnderTsx } from './lib-tsx.mjs';

runUnderTsx(import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { openDb, migrate } = await import('../../packages/db/src/index.ts');
const { importClone, loadCloneFolder, createLocalBrain } = await import('../../packages/brain/src/index.ts');
const { createBaselineBrain } = await import('./lib-answers-baseline/baseline-brain.ts');

const CLONES =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        'clones/demo',
        'clones/bench-cycling',
        'clones/bench-marine',
        'clones/bench-bees',
        'clones/bench-pottery',
        'clones/bench-garden',
        'clones/bench-dogs',
        'clones/bench-bread',
        'clones/bench-piano',
        'clones/bench-tailor',
        'clones/bench-swim',
        'clones/bench-cheese',
      ];
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const EVAL_FILE = process.env.BENCH_EVAL ?? 'eval.json';
const log = (m) => process.stderr.write(`${m}\n`);

/** Opening words that point back at something the answer has not said. */
const DANGLING =
  /^(it|it's|its|this|that|that's|these|those|they|they're|their|them|he|she|him|his|her|both|such|which)\b/i;
const NOT_COVERED = /^I haven't covered that/;
const HEDGE =
  /^(I haven't covered that|I haven't (said|talked|written) much|I don't think I've|I'm not sure I've)/;

const plain = (text) => text.replace(/\s*\[\d+\]/g, '');
const words = (text) => plain(text).split(/\s+/).filter(Boolean).length;
const pct = (n, d) => (d === 0 ? null : Math.round((1000 * n) / d) / 10);
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function ask(brain, clone, question, history) {
  let done = null;
  for await (const event of brain.answer({ clone, question, history }))
    if (event.type === 'done') done = event;
  if (!done) throw new Error(`no answer to ${question}`);
  return done;
}

/** Asks every question of `questions` of `brain`; answers the figures and the misses. */
async function evaluate(brain, clone, questions, pathOf) {
  const counts = {
    facts: 0,
    factsStated: 0,
    citedRight: 0,
    off: 0,
    offHonest: 0,
    grazes: 0,
    grazesHedged: 0,
  };
  const lengths = [];
  const missed = { keyFact: [], firstCitation: [], offTopic: [], grazes: [], dangling: [] };
  for (const q of questions) {
    const history = [];
    for (const earlier of q.history ?? []) {
      const previous = await ask(brain, clone, earlier, [...history]);
      history.push({ sender: 'USER', text: earlier }, { sender: 'CLONE', text: previous.text });
    }
    const answer = await ask(brain, clone, q.q, history);
    const text = plain(answer.text);
    const first = answer.citations.find((c) => c.used);
    const firstPath = first ? pathOf.get(first.documentId) : null;
    if (VERBOSE) log(`\n[${q.id}] ${q.q}\n→ ${answer.text}\n  first source: ${firstPath ?? '-'}`);
    if (q.kind === 'offtopic') {
      counts.off += 1;
      if (NOT_COVERED.test(text) && answer.citations.length === 0) counts.offHonest += 1;
      else missed.offTopic.push(q.id);
      continue;
    }
    if (q.kind === 'grazes') {
      counts.grazes += 1;
      if (HEDGE.test(text)) counts.grazesHedged += 1;
      else missed.grazes.push(q.id);
      continue;
    }
    counts.facts += 1;
    if (!NOT_COVERED.test(text)) lengths.push(words(text));
    if (new RegExp(q.fact, 'i').test(text)) counts.factsStated += 1;
    else missed.keyFact.push(q.id);
    const docs = Array.isArray(q.doc) ? q.doc : [q.doc];
    if (firstPath && docs.some((d) => firstPath === `knowledge/${d}`)) counts.citedRight += 1;
    else missed.firstCitation.push(q.id);
    if (DANGLING.test(text)) missed.dangling.push(q.id);
  }
  return {
    figures: {
      questions: questions.length,
      keyFactStatedPct: pct(counts.factsStated, counts.facts),
      firstCitationRightPct: pct(counts.citedRight, counts.facts),
      offTopicHonestPct: pct(counts.offHonest, counts.off),
      grazesHedgedPct: pct(counts.grazesHedged, counts.grazes),
      danglingOpenings: missed.dangling.length,
      medianWords: median(lengths),
    },
    missed,
  };
}

const results = {};
for (const dir of CLONES) {
  const folder = resolve(root, dir);
  const { questions } = JSON.parse(await readFile(join(folder, EVAL_FILE), 'utf8'));
  const { clone: file } = await loadCloneFolder(folder);
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  const { cloneId } = await importClone(db, folder);
  const rows = await db.query('SELECT id, path FROM documents WHERE clone_id = $1', [cloneId]);
  const pathOf = new Map(rows.map((r) => [r.id, r.path]));
  const clone = {
    id: cloneId,
    slug: file.slug,
    name: file.name,
    headline: file.headline,
    description: file.description,
    suggestedQuestions: file.suggestedQuestions,
  };
  const started = performance.now();
  const today = await evaluate(createLocalBrain(db), clone, questions, pathOf);
  const todayMs = performance.now() - started;
  const baseline = await evaluate(createBaselineBrain(db), clone, questions, pathOf);
  await db.close();
  results[file.slug] = {
    today: { ...today.figures, msPerQuestion: Math.round((todayMs / questions.length) * 10) / 10 },
    baseline: baseline.figures,
    missedToday: today.missed,
  };
  log(
    `[bench:answers] ${file.slug}: key fact ${today.figures.keyFactStatedPct}% (baseline ${baseline.figures.keyFactStatedPct}%)`,
  );
}
console.log(JSON.stringify(results, null, 2));

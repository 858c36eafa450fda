#!/usr/bin/env node
// Dictation benchmark (issue 11): the first 20 questions of the demo clone's eval.json, spoken by
// espeak-ng, resampled to the 16 kHz WAV the prompt sends, recognised by the local pocketsphinx —
// with the clone's own language model (speech/clone-language-model.ts) and, as the baseline in the
// same run, with pocketsphinx's general English model. Prints JSON: word error rate (words
// substituted, dropped or added over the words said), utterances heard exactly, and recognition
// time (p50/p95, from the recording to the text). BENCH_VERBOSE=1 prints each utterance.
// Usage: node scripts/bench/dictation.mjs [count]
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runUnderTsx } from './lib-tsx.mjs';

runUnderTsx(import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { openDb, migrate } = await import('../../packages/db/src/index.ts');
const { importClone } = await import('../../packages/brain/src/index.ts');
const { loadConfig } = await import('../../packages/server/src/config/index.ts');
const { speechProvider } = await import('../../packages/server/src/providers/speech/index.ts');
const { cloneLanguageModels } = await import('../../packages/server/src/speech/clone-language-model.ts');
const { spokenWav } = await import('../../packages/server/test/support/speech-wav.ts');

const COUNT = Number(process.argv[2] ?? 20);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const recogniser = speechProvider.create(loadConfig({}).speech, {});
if (!recogniser) {
  console.error('pocketsphinx is not installed (npm test installs it): nothing to measure');
  process.exit(1);
}

const folder = join(root, 'clones/demo');
const db = await openDb({ dataDir: 'memory://' });
await migrate(db);
const { cloneId } = await importClone(db, folder);
const model = await cloneLanguageModels(db, recogniser)(cloneId);
const evalSet = JSON.parse(await readFile(join(folder, 'eval.json'), 'utf8'));
const questions = evalSet.questions.map((q) => q.q).slice(0, COUNT);

const wordsOf = (text) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .match(/[a-z0-9][a-z0-9']*/g) ?? [];
/** Word-level Levenshtein distance. */
function edits(said, heard) {
  const row = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= said.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= heard.length; j += 1) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (said[i - 1] === heard[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[heard.length];
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

async function measure(name, languageModel) {
  let errors = 0;
  let said = 0;
  let exact = 0;
  const times = [];
  for (const question of questions) {
    const wav = spokenWav(question);
    const started = performance.now();
    const heard = await recogniser.transcribe(wav, languageModel);
    times.push(performance.now() - started);
    const expected = wordsOf(question);
    const got = wordsOf(heard);
    const distance = edits(expected, got);
    errors += distance;
    said += expected.length;
    if (distance === 0) exact += 1;
    if (VERBOSE) process.stderr.write(`${name}: ${question} => ${heard}\n`);
  }
  return {
    model: name,
    utterances: questions.length,
    wordErrorRatePct: Math.round((1000 * errors) / said) / 10,
    heardExactly: exact,
    recognitionMs: { p50: percentile(times, 50), p95: percentile(times, 95) },
  };
}

const results = [
  await measure('clone language model', model),
  await measure('baseline: general English model', null),
];
console.log(JSON.stringify(results, null, 2));
await db.close();

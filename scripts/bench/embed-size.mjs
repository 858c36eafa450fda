#!/usr/bin/env node
// Byte budget of the embed (DESIGN §5, issue 4): everything a host page downloads before the
// first open — the two-line snippet plus embed.js — at most 2,048 bytes gzipped (gzip -9).
// Builds packages/embed, measures the built files, and compares with the published figures
// of other chat/booking embeds (same measure: gzip -9 of what loads before the first open).
// embed-frame.js, loaded on the first open together with the chat's iframe, is reported too.
// Prints JSON; exits 1 over budget. Usage: node scripts/bench/embed-size.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = 2048;
const embed = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'embed');

const build = spawnSync(process.execPath, [join(embed, 'scripts', 'build.mjs'), '--no-types'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const read = (file) => readFileSync(join(embed, file), 'utf8');

// The snippet as a creator pastes it, with a realistic host and slug.
const snippet = read('snippet.txt').replace('HOST', 'doppel.example.com').replace('SLUG', 'demo');
const scriptTag = '<script src="https://doppel.example.com/embed.js" data-clone="demo" async></script>\n';
const embedJs = read('dist/embed.js');
const frameJs = read('dist/embed-frame.js');

const embedJsGzip = gzip(embedJs);
const snippetGzip = gzip(snippet);
const total = embedJsGzip + snippetGzip;

/** Published figures (snippet + loader before the first open, gzip -9), as given in the issue. */
const published = {
  'cal.com (snippet + embed.js)': 17_700,
  'Typebot (web.js)': 196_000,
  'Botpress (webchat)': 180_000,
  'Flowise (web.js)': 284_000,
};

const result = {
  embedJsGzip,
  snippetGzip,
  total,
  budget: BUDGET,
  withinBudget: total <= BUDGET,
  headroom: BUDGET - total,
  raw: { embedJs: embedJs.length, snippet: snippet.length },
  scriptTagGzip: gzip(scriptTag),
  afterFirstOpen: { embedFrameJsGzip: gzip(frameJs), note: 'loaded with the iframe on the first open' },
  comparison: Object.fromEntries(
    Object.entries(published).map(([name, bytes]) => [
      name,
      { gzip: bytes, timesDoppel: Math.round((bytes / total) * 10) / 10 },
    ]),
  ),
  measured:
    'gzip -9 (zlib level 9) of packages/embed/dist/embed.js and snippet.txt filled in, built in this run',
};

console.log(JSON.stringify(result, null, 2));
if (!result.withinBudget) {
  console.error(`embed: ${total} bytes gzipped before the first open, over the ${BUDGET}-byte budget`);
  process.exit(1);
}

#!/usr/bin/env node
// Starts the built server for the end-to-end tests the way an operator would: a fresh data
// directory, clones imported with the doppel CLI (the demo clone plus e2e/fixtures/tiny, whose
// limits are small enough to reach in a test), embed configurations created with the CLI, then
// packages/server/dist/main.mjs. Extra setup commands come from E2E_SETUP (JSON: string[][]).
// The tests sign in by reading codes from GET /api/dev/outbox, so DEV_OUTBOX is on (as on a
// developer's laptop; never in production).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'doppel-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEV_OUTBOX: 'on' };
const cli = join(root, 'packages/server/dist/cli.mjs');

const setup = [
  ['import', join(root, 'clones/demo')],
  ['import', join(root, 'e2e/fixtures/tiny')],
  ...JSON.parse(process.env.E2E_SETUP ?? '[]'),
];

// A clone kept to the host pages' origin by its own clone.json (`embed.allowedOrigins`), whatever
// embed configuration a page names. The origin depends on E2E_PORT, so the folder is written here.
let fencedDir = null;
if (process.env.E2E_HOST_ORIGIN) {
  fencedDir = mkdtempSync(join(tmpdir(), 'doppel-e2e-fenced-'));
  cpSync(join(root, 'e2e/fixtures/tiny/knowledge'), join(fencedDir, 'knowledge'), { recursive: true });
  const clone = {
    slug: 'fenced',
    name: 'Fern Fence',
    embed: { allowedOrigins: [process.env.E2E_HOST_ORIGIN] },
  };
  writeFileSync(join(fencedDir, 'clone.json'), JSON.stringify(clone));
  // A cited website on the host pages' server, with a preview image (GET /api/og, issue 10 §8).
  writeFileSync(
    join(fencedDir, 'knowledge', 'lighthouse-lens.md'),
    `---\ntitle: Keeping a lighthouse lens clean\ntype: website\nurl: ${process.env.E2E_HOST_ORIGIN}/og/\n---\nI polish the brass of the lighthouse lens with a soft chamois every Sunday, and I wipe the glass prisms with vinegar and warm water so the beam stays bright.\n`,
  );
  // A cited podcast episode whose audio is a file on the same server: the sources' player starts
  // at the cited second (the cue's 00:00:04,200: t=4, spec/chat.md §9).
  writeFileSync(
    join(fencedDir, 'knowledge', 'keepers-log-9.srt'),
    '1\n00:00:04,200 --> 00:00:09,000\nEvery morning at six I wind the foghorn clockwork with the brass crank, forty turns, and I oil its governor once a month.\n',
  );
  writeFileSync(
    join(fencedDir, 'knowledge', 'keepers-log-9.srt.json'),
    JSON.stringify({
      title: "Keeper's Log, Episode 9",
      type: 'podcast',
      url: `${process.env.E2E_HOST_ORIGIN}/og/episode.wav`,
    }),
  );
  setup.push(['import', fencedDir]);
}
for (const args of setup) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[e2e] setup failed: doppel ${args.join(' ')}`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  if (fencedDir) rmSync(fencedDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

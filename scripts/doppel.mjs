#!/usr/bin/env node
// `npm run doppel -- <command>`: the creator's command line, run from source with tsx so it
// works right after install, before any build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pnpm, root } from './pnpm.mjs';

if (!existsSync(join(root, 'node_modules', '.bin', 'tsx'))) pnpm(['install', '--prefer-offline']);
// Paths the creator types are relative to where they ran npm; the data directory to the root.
const args = process.argv.slice(2).map((arg) => {
  const fromCaller = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  return !arg.startsWith('-') && existsSync(fromCaller) ? fromCaller : arg;
});
const tsx = import.meta.resolve('tsx');
const result = spawnSync(
  process.execPath,
  ['--import', tsx, join(root, 'packages/server/src/cli.ts'), ...args],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
process.exit(result.status ?? 1);

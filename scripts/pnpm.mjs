#!/usr/bin/env node
// Runs the pinned pnpm (package.json "packageManager"), installing it under .tools/ with npm
// the first time: a fresh machine has Node and npm only (DESIGN §2).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const tools = join(root, '.tools');
const bin = join(tools, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** Path to the pinned pnpm's entry script, installing it if it is missing or another version. */
export function pnpmBin() {
  const installed = existsSync(bin)
    ? JSON.parse(readFileSync(join(tools, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version
    : null;
  if (installed !== pinned) {
    console.log(`[doppel] installing pnpm ${pinned} under .tools/`);
    execFileSync(
      'npm',
      ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', `pnpm@${pinned}`],
      {
        stdio: 'inherit',
        cwd: root,
      },
    );
  }
  return bin;
}

/** Runs pnpm with the given arguments; exits the process on failure. */
export function pnpm(args, options = {}) {
  const result = spawnSync(process.execPath, [pnpmBin(), ...args], {
    stdio: 'inherit',
    cwd: root,
    ...options,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** `pnpm(args)` without blocking, so other set-up (apt-get) runs beside it; exits on failure. */
export function pnpmAsync(args) {
  const bin = pnpmBin();
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: 'inherit', cwd: root });
    child.on('close', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      done();
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) pnpm(process.argv.slice(2));

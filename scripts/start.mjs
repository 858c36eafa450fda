#!/usr/bin/env node
// `npm start`: install, build, then serve (the server migrates and imports the demo clone
// on its first start). Everything on the embedded defaults; see README for the environment.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pnpm, root } from './pnpm.mjs';

const skipSetup = process.argv.includes('--no-setup');
if (!skipSetup) {
  pnpm(['install', '--prefer-offline']);
  pnpm(['-r', '--if-present', 'build']);
}

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.mjs')], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

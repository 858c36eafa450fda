#!/usr/bin/env node
// `npm start`: install, build, then serve (the server migrates and imports the demo clone
// on its first start). Everything on the embedded defaults; see README for the environment.
// On a developer's laptop it turns on the developer outbox (GET /api/dev/outbox, sign-in codes)
// unless the environment says otherwise: DEV_OUTBOX given, or a PUBLIC_URL that is not this
// machine (a real deployment, where the outbox must stay off).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ESPEAK, ensureDebianPackages, POCKETSPHINX, POCKETSPHINX_EN } from './debian.mjs';
import { pnpm, pnpmAsync, root } from './pnpm.mjs';

const skipSetup = process.argv.includes('--no-setup');
if (!skipSetup) {
  await Promise.all([
    ensureDebianPackages([ESPEAK, POCKETSPHINX, POCKETSPHINX_EN]),
    pnpmAsync(['install', '--prefer-offline']),
  ]);
  pnpm(['-r', '--if-present', 'build']);
}

/** Whether PUBLIC_URL is unset or names this machine. */
function isLocalPublicUrl(value) {
  if (value === undefined || value.trim() === '') return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname);
  } catch {
    return false;
  }
}

const env = { ...process.env };
if ((env.DEV_OUTBOX ?? '').trim() === '' && isLocalPublicUrl(env.PUBLIC_URL)) env.DEV_OUTBOX = 'on';

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.mjs')], {
  stdio: 'inherit',
  cwd: root,
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

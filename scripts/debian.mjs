// The Debian packages `npm start` and `npm test` install when they are missing (DESIGN §2: a fresh
// machine has Node and npm only). One apt-get for all of them, run beside `pnpm install` so a
// fresh machine waits for the slower of the two, not their sum. Without apt-get, or without root
// or sudo, nothing is installed and the features that need a package say they are unavailable.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @typedef {{ path: string, pkg: string, purpose: string, env?: string }} DebianNeed */

/** Read aloud's local voice (espeak-ng); the server reports read aloud off without it. */
export const ESPEAK = {
  path: '/usr/bin/espeak-ng',
  pkg: 'espeak-ng',
  purpose: 'read aloud',
  env: 'ESPEAK_PATH',
};
/** Dictation's local recogniser and its English model; the server reports dictation off without them. */
export const POCKETSPHINX = {
  path: '/usr/bin/pocketsphinx_continuous',
  pkg: 'pocketsphinx',
  purpose: 'dictation',
  env: 'POCKETSPHINX_PATH',
};
export const POCKETSPHINX_EN = {
  path: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  pkg: 'pocketsphinx-en-us',
  purpose: "dictation's English model",
  env: 'POCKETSPHINX_MODEL_DIR',
};
/** The load balancer of `npm run cluster` (scripts/cluster.mjs). */
export const HAPROXY = {
  path: '/usr/sbin/haproxy',
  pkg: 'haproxy',
  purpose: "the cluster's load balancer",
  env: 'HAPROXY_PATH',
};
/** The browser of the end-to-end tests and the benchmarks. */
export const CHROMIUM = {
  path: '/usr/bin/chromium',
  pkg: 'chromium',
  purpose: 'the browser tests',
  env: 'CHROMIUM_PATH',
};

function run(command, args) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Installs the packages of `needs` whose program is missing (and not given by its env variable). */
export async function ensureDebianPackages(needs) {
  const missing = needs.filter((need) => !(need.env && process.env[need.env]) && !existsSync(need.path));
  if (missing.length === 0) return;
  const names = missing.map((need) => need.pkg);
  if (!existsSync('/usr/bin/apt-get')) {
    for (const need of missing)
      console.log(`[doppel] ${need.pkg} is missing and apt-get is not here: ${need.purpose} stays off`);
    return;
  }
  console.log(`[doppel] installing Debian ${names.join(', ')} (${missing.map((n) => n.purpose).join(', ')})`);
  const asRoot = process.getuid?.() === 0;
  const aptGet = (...args) => (asRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]));
  // The package lists may be missing on a fresh machine: install first, update only when that fails.
  if ((await aptGet('install', '-y', '--no-install-recommends', ...names)) !== 0) {
    await aptGet('update');
    await aptGet('install', '-y', '--no-install-recommends', ...names);
  }
  for (const need of missing)
    if (!existsSync(need.path))
      console.log(`[doppel] ${need.pkg} could not be installed: ${need.purpose} stays off`);
}

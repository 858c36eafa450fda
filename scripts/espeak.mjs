// Read aloud's local voice (DESIGN §2) is Debian's espeak-ng: `npm start` and `npm test` install
// it with apt-get when it is missing. Without it (no apt-get, no root or sudo) the server still
// starts and says read aloud is not available (the clone profile's features.readAloud is false).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureEspeak() {
  if (process.env.ESPEAK_PATH || existsSync('/usr/bin/espeak-ng')) return;
  if (!existsSync('/usr/bin/apt-get')) {
    console.log('[doppel] espeak-ng is missing and apt-get is not here: read aloud stays off');
    return;
  }
  console.log('[doppel] installing Debian espeak-ng for read aloud');
  const asRoot = process.getuid?.() === 0;
  const aptGet = (...args) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (aptGet('install', '-y', '--no-install-recommends', 'espeak-ng').status !== 0) {
    aptGet('update');
    aptGet('install', '-y', '--no-install-recommends', 'espeak-ng');
  }
  if (!existsSync('/usr/bin/espeak-ng'))
    console.log('[doppel] espeak-ng could not be installed: read aloud stays off');
}

/** Vitest global setup: builds @doppel/embed and this package (JS only): the tests import what ships. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  // `npm test` builds every package before Vitest runs (and serves dist/ to the browser tests
  // meanwhile): building again here would rewrite files while they are read.
  if (process.env.DOPPEL_PREBUILT === '1') return;
  for (const script of ['../../embed/scripts/build.mjs', './build.mjs']) {
    execFileSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), '--no-types'], {
      stdio: 'inherit',
    });
  }
}

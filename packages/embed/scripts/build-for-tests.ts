/** Vitest global setup: builds dist/ (without declarations) so the tests can load what ships. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  // `npm test` builds every package before Vitest runs (and serves dist/ to the browser tests
  // meanwhile): building again here would rewrite files while they are read.
  if (process.env.DOPPEL_PREBUILT === '1') return;
  execFileSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url)), '--no-types'], {
    stdio: 'inherit',
  });
}

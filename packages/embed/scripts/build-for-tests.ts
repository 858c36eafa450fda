/** Vitest global setup: builds dist/ (without declarations) so the tests can load what ships. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  execFileSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url)), '--no-types'], {
    stdio: 'inherit',
  });
}

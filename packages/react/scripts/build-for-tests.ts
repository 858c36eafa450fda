/** Vitest global setup: builds @doppel/embed and this package (JS only): the tests import what ships. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup() {
  for (const script of ['../../embed/scripts/build.mjs', './build.mjs']) {
    execFileSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), '--no-types'], {
      stdio: 'inherit',
    });
  }
}

#!/usr/bin/env node
// Builds @doppel/react: dist/index.mjs (react and @doppel/embed stay imports) and
// dist/*.d.ts. The module starts with "use client": its component and hook run in the browser,
// and a React Server Components framework (Next.js's App Router) must treat an import of it
// from a server component as a client boundary (esbuild drops the directive from sources when
// bundling, so it is written here). The JS is written to a temporary name and renamed, so a
// test reading dist while another build runs never sees half a file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(pkg, 'dist');
mkdirSync(dist, { recursive: true });

const { outputFiles } = await build({
  entryPoints: [join(pkg, 'src/index.ts')],
  outfile: join(dist, 'index.mjs'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2020',
  jsx: 'automatic',
  external: ['react', 'react/jsx-runtime', '@doppel/embed'],
  banner: { js: '"use client";' },
  write: false,
  legalComments: 'none',
});
for (const file of outputFiles) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, file.path);
}

if (!process.argv.includes('--no-types')) {
  // Declarations of modules that no longer exist must not ship.
  for (const file of readdirSync(dist)) if (file.endsWith('.d.ts')) rmSync(join(dist, file));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(pkg, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

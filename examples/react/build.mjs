#!/usr/bin/env node
// Builds the React host page: src/main.tsx (with react, react-dom and @doppel/react) into
// dist/app.js, so the examples server serves it without a build step of its own.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'src/main.tsx')],
  outfile: join(here, 'dist/app.js'),
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: true,
  target: 'es2020',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  // Not tsconfig.json's paths (they point the type-checker at the packages' source): the
  // page bundles the packages as they ship, from their dist.
  tsconfigRaw: {},
});

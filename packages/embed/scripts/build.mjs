#!/usr/bin/env node
// Builds @doppel/embed: dist/embed.js (the IIFE creators paste, served at /embed.js),
// dist/embed-frame.js (its iframe side, fetched on the first open), dist/index.mjs (the same
// API as an ES module) and dist/*.d.ts. The two browser files are also written brotli- and
// gzip-compressed (.br, .gz) for the server to send as they are. Each file is written to a
// temporary name and renamed, so a test reading dist while another build runs never sees half
// a file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(pkg, 'dist');
const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));

/** The loader runs on creators' pages: modern evergreen browsers (optional chaining, `??`). */
const common = {
  bundle: true,
  minify: true,
  target: 'es2020',
  platform: 'browser',
  define: { __VERSION__: JSON.stringify(version) },
  write: false,
  legalComments: 'none',
};

function writeAtomic(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

mkdirSync(dist, { recursive: true });
const outputs = await Promise.all([
  build({
    ...common,
    entryPoints: [join(pkg, 'src/boot.ts')],
    format: 'iife',
    outfile: join(dist, 'embed.js'),
  }),
  build({
    ...common,
    entryPoints: [join(pkg, 'src/frame-boot.ts')],
    format: 'iife',
    outfile: join(dist, 'embed-frame.js'),
  }),
  build({
    ...common,
    entryPoints: [join(pkg, 'src/index.ts')],
    format: 'esm',
    outfile: join(dist, 'index.mjs'),
  }),
]);
for (const { outputFiles } of outputs) for (const file of outputFiles) writeAtomic(file.path, file.contents);

/** What the server sends to browsers, compressed once here instead of on every request. */
for (const { outputFiles } of outputs.slice(0, 2)) {
  for (const { path, contents } of outputFiles) {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
    };
    writeAtomic(`${path}.br`, brotliCompressSync(contents, { params }));
    writeAtomic(`${path}.gz`, gzipSync(contents, { level: 9 }));
  }
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

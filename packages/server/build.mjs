#!/usr/bin/env node
// Bundles the server (dist/main.mjs), the doppel CLI (dist/cli.mjs) and the PGlite worker thread
// they start (dist/pglite-worker.mjs) for Node 20.
// Workspace packages (@doppel/*, TypeScript sources) are bundled in. Other packages stay
// imports resolved at run time from this package's node_modules when they resolve from here;
// a package only a workspace package depends on is bundled in instead, except those that
// cannot be bundled (PGlite loads its WebAssembly beside its own files), which must be
// dependencies here. The database migrations are copied beside the bundle (dist/migrations).
import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const fromServer = createRequire(join(here, 'package.json'));
/** Never bundled: PGlite reads its WebAssembly and data files from beside its own modules. */
const MUST_STAY_EXTERNAL = new Set(['@electric-sql/pglite']);
const externals = new Set();
const bundled = new Set();
const missing = new Set();

const packageName = (path) =>
  path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];

function resolvesFromServer(name) {
  for (const request of [`${name}/package.json`, name]) {
    try {
      fromServer.resolve(request);
      return true;
    } catch {}
  }
  return false;
}

/** Bare imports: workspace packages bundled; others external where this package can load them. */
const externalWhereResolvable = {
  name: 'external-where-resolvable',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@doppel/') || args.path.startsWith('node:')) return undefined;
      const name = packageName(args.path);
      // pg's optional native binding: required inside a try by pg, never installed here.
      if (name === 'pg-native') return { path: args.path, external: true };
      if (resolvesFromServer(name)) {
        externals.add(name);
        return { path: args.path, external: true };
      }
      if (MUST_STAY_EXTERNAL.has(name)) missing.add(name);
      else bundled.add(name);
      return undefined;
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const dbSources = join(realpathSync(join(here, 'node_modules/@doppel/db')), 'src');
await build({
  // The PGlite worker thread is an entry of its own: @doppel/db starts it from beside the bundle.
  entryPoints: {
    main: join(here, 'src/main.ts'),
    cli: join(here, 'src/cli.ts'),
    'pglite-worker': join(dbSources, 'pglite-worker-thread.ts'),
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalWhereResolvable],
  // Bundled CommonJS code may call require(); ESM output has none of its own.
  banner: {
    js: "import { createRequire as __doppelRequire } from 'node:module'; const require = __doppelRequire(import.meta.url);",
  },
});

if (missing.size > 0) {
  console.error(`[server build] add to packages/server dependencies: ${[...missing].join(', ')}`);
  process.exit(1);
}

const migrations = join(realpathSync(join(here, 'node_modules/@doppel/db')), 'migrations');
mkdirSync(join(dist, 'migrations'), { recursive: true });
cpSync(migrations, join(dist, 'migrations'), { recursive: true });
console.log(
  `[server build] dist/main.mjs, dist/cli.mjs, dist/pglite-worker.mjs; external: ${[...externals].sort().join(', ')}` +
    (bundled.size > 0 ? `; bundled: ${[...bundled].sort().join(', ')}` : ''),
);

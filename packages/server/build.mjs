#!/usr/bin/env node
// Bundles the server (dist/main.mjs) and the doppel CLI (dist/cli.mjs) for Node 20.
// Workspace packages (@doppel/*, TypeScript sources) are bundled in; every other package
// stays an import resolved from this package's node_modules at run time, so each one used
// by a bundled workspace package must also be a dependency here (checked below).
// The database migrations are copied beside the bundle (dist/migrations).
import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const externals = new Set();

/** Bare imports are external unless they name a workspace package. */
const workspaceOnly = {
  name: 'workspace-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@doppel/') || args.path.startsWith('node:')) return undefined;
      const name = args.path.startsWith('@')
        ? args.path.split('/').slice(0, 2).join('/')
        : args.path.split('/')[0];
      externals.add(name);
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: join(here, 'src/main.ts'), cli: join(here, 'src/cli.ts') },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [workspaceOnly],
  // Some bundled CommonJS-style code may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __doppelRequire } from 'node:module'; const require = __doppelRequire(import.meta.url);",
  },
});

const require = createRequire(join(here, 'package.json'));
const missing = [...externals].filter((name) => {
  try {
    require.resolve(`${name}/package.json`);
    return false;
  } catch {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  }
});
if (missing.length > 0) {
  console.error(
    `[server build] not resolvable from packages/server: ${missing.join(', ')}; add them to its dependencies`,
  );
  process.exit(1);
}

const migrations = join(realpathSync(join(here, 'node_modules/@doppel/db')), 'migrations');
mkdirSync(join(dist, 'migrations'), { recursive: true });
cpSync(migrations, join(dist, 'migrations'), { recursive: true });
console.log(`[server build] dist/main.mjs, dist/cli.mjs; external: ${[...externals].sort().join(', ')}`);

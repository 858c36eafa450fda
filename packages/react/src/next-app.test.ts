// @vitest-environment node
/**
 * @doppel/react in a real Next.js App Router build (issue 9), as a React developer gets it: the
 * two packages packed as tarballs (`pnpm pack`, workspace:* turned into the version) and unpacked
 * into a copy of examples/next, whose home page is a server component that renders
 * <DoppelEmbed>. `next build` must succeed offline (no telemetry, no fonts fetched), prerender
 * the inline container, and the declarations must type-check under moduleResolution "nodenext".
 * The copy lives under the repository's .tmp-next/ (git-ignored), so Next's bundler finds the
 * workspace's node_modules, which the copy links to for next, react and typescript.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const example = join(root, 'examples', 'next');
const pnpm = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** What the app needs from npm, linked from examples/next's own install. */
const LINKED = [
  'next',
  'react',
  'react-dom',
  'typescript',
  '@types/react',
  '@types/react-dom',
  '@types/node',
];

const node = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 280_000,
  });

it('builds a Next.js App Router app whose server component renders <DoppelEmbed>, from the packed tarballs', async () => {
  expect(existsSync(join(example, 'node_modules', 'next')), 'examples/next is installed').toBe(true);
  // `npm test` builds the declarations with the packages; alone, build them here (JS is built by globalSetup).
  if (process.env.DOPPEL_PREBUILT !== '1') {
    for (const pkg of ['embed', 'react']) {
      await node([tsc, '-p', join(root, 'packages', pkg, 'tsconfig.build.json')], root);
    }
  }
  mkdirSync(join(root, '.tmp-next'), { recursive: true });
  const work = mkdtempSync(join(root, '.tmp-next', 'app-'));
  try {
    for (const pkg of ['embed', 'react']) {
      await node([pnpm, 'pack', '--pack-destination', work], join(root, 'packages', pkg));
    }
    for (const file of [
      'app',
      'next.config.mjs',
      'tsconfig.json',
      'tsconfig.nodenext.json',
      'nodenext-check.mts',
      'package.json',
    ]) {
      cpSync(join(example, file), join(work, file), { recursive: true });
    }
    for (const name of LINKED) {
      mkdirSync(dirname(join(work, 'node_modules', name)), { recursive: true });
      symlinkSync(realpathSync(join(example, 'node_modules', name)), join(work, 'node_modules', name));
    }
    for (const tarball of readdirSync(work).filter((f) => f.endsWith('.tgz'))) {
      const name = tarball.startsWith('doppel-react-') ? 'react' : 'embed';
      const into = join(work, 'node_modules', '@doppel', name);
      mkdirSync(into, { recursive: true });
      await run('tar', ['-xzf', join(work, tarball), '-C', into, '--strip-components=1']);
    }
    // What shipped is what is built against: a client module, with declarations.
    const shipped = join(work, 'node_modules', '@doppel', 'react', 'dist');
    expect(readFileSync(join(shipped, 'index.mjs'), 'utf8').startsWith('"use client";')).toBe(true);
    expect(
      JSON.parse(readFileSync(join(work, 'node_modules', '@doppel', 'react', 'package.json'), 'utf8'))
        .dependencies,
    ).toEqual({
      '@doppel/embed': JSON.parse(readFileSync(join(root, 'packages', 'embed', 'package.json'), 'utf8'))
        .version,
    });

    const built = await node([join(work, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], work, {
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_PUBLIC_DOPPEL_URL: 'https://doppel.example',
      NODE_ENV: 'production',
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`next build failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(built.stdout).toMatch(/Compiled successfully|Generating static pages/);
    const home = readFileSync(join(work, '.next', 'server', 'app', 'index.html'), 'utf8');
    // Server-rendered: the inline widget's container and the client component's button.
    expect(home).toContain('data-doppel-clone="demo"');
    expect(home).toContain('Ask Juniper a question');

    await node(
      [join(work, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.nodenext.json'],
      work,
    ).catch((error: { stdout?: string }) => {
      throw new Error(`the declarations do not type-check under nodenext:\n${error.stdout ?? ''}`);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 300_000);

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version as embedVersion } from '@doppel/embed';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = (path: string) => JSON.parse(readFileSync(join(here, path, 'package.json'), 'utf8'));

describe('@doppel/react and @doppel/embed', () => {
  it('are released in lockstep: one version number, and react depends on exactly that embed', () => {
    const react = pkg('..');
    const embed = pkg('../../embed');
    expect(react.version).toBe(embed.version);
    expect(embedVersion).toBe(embed.version);
    // workspace:* is published as the exact version of the embed being released with it.
    expect(react.dependencies['@doppel/embed']).toBe('workspace:*');
    expect(react.peerDependencies.react).toBeDefined();
    expect(react.dependencies.react).toBeUndefined();
  });

  it('both publish built files only, through explicit exports maps', () => {
    for (const path of ['..', '../../embed']) {
      const json = pkg(path);
      expect(json.files).toEqual(['dist']);
      expect(json.exports['.']).toMatchObject({ types: './dist/index.d.ts', import: './dist/index.mjs' });
    }
  });
});

describe('what ships', () => {
  it('@doppel/react is a client module: "use client" comes first, so a server component may import it', () => {
    const built = readFileSync(join(here, '..', 'dist', 'index.mjs'), 'utf8');
    expect(built.startsWith('"use client";')).toBe(true);
  });

  it('the modules import each other with extensions, so the declarations work under moduleResolution "nodenext"', () => {
    for (const pkgPath of ['.', '../../embed/src']) {
      const dir = join(here, pkgPath);
      const sources = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f));
      expect(sources.length).toBeGreaterThan(2);
      for (const file of sources) {
        const text = readFileSync(join(dir, file), 'utf8');
        for (const [, path] of text.matchAll(/from ['"](\.[^'"]*)['"]/g)) {
          expect(path, `${file}: ${path}`).toMatch(/\.js$/);
        }
      }
    }
  });
});

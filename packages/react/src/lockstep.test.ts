import { readFileSync } from 'node:fs';
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

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from './index';

const dir = fileURLToPath(new URL('.', import.meta.url));
const modules = readdirSync(dir).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts',
);

describe('@doppel/core index', () => {
  it.each(modules)('re-exports every runtime export of %s', async (file) => {
    const mod: Record<string, unknown> = await import(`./${file.replace(/\.ts$/, '')}`);
    for (const [name, value] of Object.entries(mod)) {
      expect(core, `${name} from ${file}`).toHaveProperty(name, value);
    }
  });

  it('names each file after its main export', () => {
    const camel = (file: string): string =>
      file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    // draft-file holds the DraftFile types and the DraftFileStatus codes.
    for (const file of modules.filter((f) => f !== 'draft-file.ts')) {
      expect(Object.keys(core), file).toContain(camel(file));
    }
  });
});

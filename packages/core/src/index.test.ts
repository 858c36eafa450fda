import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from './index';

const dir = fileURLToPath(new URL('.', import.meta.url));
const domains = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const modules = domains.flatMap((domain) =>
  readdirSync(`${dir}/${domain}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .map((f) => `${domain}/${f}`),
);

describe('@doppel/core index', () => {
  it('groups the rules by domain, each folder with its index', () => {
    expect(domains.length).toBeGreaterThan(3);
    for (const domain of domains) expect(readdirSync(`${dir}/${domain}`)).toContain('index.ts');
  });

  it.each(modules)('re-exports every runtime export of %s', async (file) => {
    const mod: Record<string, unknown> = await import(`./${file.replace(/\.ts$/, '')}`);
    for (const [name, value] of Object.entries(mod)) {
      expect(core, `${name} from ${file}`).toHaveProperty(name, value);
    }
  });

  it('names each file after its main export', () => {
    const camel = (file: string): string =>
      (file.split('/').pop() ?? file)
        .replace(/\.ts$/, '')
        .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    // draft-file holds the DraftFile types and the DraftFileStatus codes.
    for (const file of modules.filter((f) => !f.endsWith('/draft-file.ts'))) {
      expect(Object.keys(core), file).toContain(camel(file));
    }
  });
});

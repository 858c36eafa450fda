import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../repo-root';
import { configDocsSection, DOCS_BEGIN, DOCS_END, renderConfigDocs } from './config-docs';
import { SETTING_GROUPS } from './load-config';

const docs = readFileSync(join(findRepoRoot(), 'docs', 'configuration.md'), 'utf8');

describe('docs/configuration.md', () => {
  it('is generated from the settings registry (run `npm run docs:config` after changing a setting)', () => {
    expect(renderConfigDocs(docs)).toBe(docs);
  });

  it('has a row for every variable the server reads, with its default', () => {
    const section = configDocsSection();
    for (const group of SETTING_GROUPS) {
      for (const [name, s] of Object.entries(group.settings)) {
        const row = section.split('\n').find((line) => line.startsWith(`| ${'`'}${name}${'`'} |`));
        expect(row, name).toBeDefined();
        expect(row).toContain(s.default.replaceAll('|', '\\|'));
      }
    }
  });

  it('replaces only what lies between its markers', () => {
    const page = `# Title\n\nbefore\n${DOCS_BEGIN}\nstale table\n${DOCS_END}\nafter\n`;
    const rendered = renderConfigDocs(page);
    expect(rendered).not.toContain('stale table');
    expect(rendered.startsWith('# Title\n\nbefore\n')).toBe(true);
    expect(rendered.endsWith(`${DOCS_END}\nafter\n`)).toBe(true);
    expect(() => renderConfigDocs('# no markers')).toThrow(/markers/);
  });
});

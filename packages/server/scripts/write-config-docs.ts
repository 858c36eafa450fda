/** `npm run docs:config`: rewrites the generated tables of docs/configuration.md from the settings. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigDocs } from '../src/config';
import { findRepoRoot } from '../src/repo-root';

const file = join(findRepoRoot(), 'docs', 'configuration.md');
const before = readFileSync(file, 'utf8');
const after = renderConfigDocs(before);
writeFileSync(file, after);
console.log(before === after ? `${file} was up to date` : `${file} rewritten`);

/**
 * @module docs/configuration.md's tables, generated from the settings groups and the provider
 * registry, so the docs cannot drift from what the server reads. `npm run docs:config` writes
 * them; config-docs.test.ts fails when the file is out of date.
 */
import { PROVIDERS } from '../providers/registry';
import { accountSettings } from './account-settings';
import { serverSettings } from './server-settings';
import type { AnyGroup } from './settings-group';

export const DOCS_BEGIN = '<!-- generated from packages/server/src/config: npm run docs:config -->';
export const DOCS_END = '<!-- end of generated settings -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const code = (text: string): string => (/^(unset|none)\b/.test(text) ? text : `\`${text}\``);

function table(group: AnyGroup): string {
  const rows = Object.entries(group.settings).map(
    ([name, s]) => `| \`${name}\` | ${cell(code(s.default))} | ${cell(s.description)} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

/** The generated part: the server's and the accounts' settings, then every provider. */
export function configDocsSection(): string {
  const providers = Object.values(PROVIDERS);
  const overview = [
    '| concern | local default (no settings) | with settings | variables |',
    '|---|---|---|---|',
    ...providers.map((p) => {
      const names = Object.keys(p.settings).map((n) => `\`${n}\``);
      return `| ${cell(p.concern)} | ${cell(p.localDefault)} | ${cell(p.real)} | ${names.join(', ') || '—'} |`;
    }),
  ].join('\n');
  const parts = [
    `## ${serverSettings.title}`,
    table(serverSettings),
    `## ${accountSettings.title}`,
    table(accountSettings),
    '## Providers',
    'Every outside service sits behind a provider with a working local default. One that is not configured runs its local default, or switches its feature off visibly; it never pretends to work.',
    overview,
    ...providers
      .filter((p) => Object.keys(p.settings).length > 0)
      .flatMap((p) => [`### ${p.title}`, table(p)]),
  ];
  return parts.join('\n\n');
}

/** `markdown` with its generated section replaced by the current one. */
export function renderConfigDocs(markdown: string): string {
  const begin = markdown.indexOf(DOCS_BEGIN);
  const end = markdown.indexOf(DOCS_END);
  if (begin < 0 || end < begin)
    throw new Error(`docs/configuration.md lacks the ${DOCS_BEGIN} … ${DOCS_END} markers`);
  return `${markdown.slice(0, begin + DOCS_BEGIN.length)}\n\n${configDocsSection()}\n\n${markdown.slice(end)}`;
}

/**
 * @module Text of PowerPoint and Excel files (Office Open XML zips): a slide's `<a:t>` runs, one
 * paragraph per `<a:p>`; a sheet's rows with shared and inline strings and values, comma-separated.
 */
import { decodeXml, naturalOrder, zipTextEntries } from './zip-entries';

export function pptxText(bytes: Uint8Array): string {
  const entries = zipTextEntries(bytes, (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  return naturalOrder(entries.keys())
    .map((name) =>
      (entries.get(name) ?? '')
        .split(/<\/a:p>/)
        .map((paragraph) =>
          [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decodeXml(m[1] ?? '')).join(''),
        )
        .filter((line) => line.trim() !== '')
        .join('\n'),
    )
    .filter((slide) => slide !== '')
    .join('\n\n');
}

export function xlsxText(bytes: Uint8Array): string {
  const entries = zipTextEntries(
    bytes,
    (name) => name === 'xl/sharedStrings.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
  );
  const shared = [...(entries.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map(
    (si) => [...(si[1] ?? '').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((t) => decodeXml(t[1] ?? '')).join(''),
  );
  const sheets = naturalOrder([...entries.keys()].filter((name) => name.startsWith('xl/worksheets/')));
  return sheets
    .map((name) =>
      [...(entries.get(name) ?? '').matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)]
        .map((row) =>
          [...(row[1] ?? '').matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)]
            .map((cell) => {
              const attributes = cell[1] ?? '';
              const inner = cell[2] ?? '';
              const value = /<v>([^<]*)<\/v>/.exec(inner)?.[1];
              if (/t="s"/.test(attributes)) return shared[Number(value)] ?? '';
              if (/t="inlineStr"/.test(attributes))
                return [...inner.matchAll(/<t[^>]*>([^<]*)<\/t>/g)]
                  .map((t) => decodeXml(t[1] ?? ''))
                  .join('');
              return value === undefined ? '' : decodeXml(value);
            })
            .join(', ')
            .replace(/(, )+$/, ''),
        )
        .filter((line) => line.trim() !== '')
        .join('\n'),
    )
    .join('\n\n');
}

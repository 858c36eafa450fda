/**
 * @module Reads text entries of a zip (Office files, EPUB) with `fflate`, refusing archives that
 * would expand past a limit (zip bombs).
 */
import { strFromU8, unzipSync } from 'fflate';

/** Expanded size allowed for the entries read. */
const MAX_EXPANDED_BYTES = 200 * 1024 * 1024;

export class ArchiveTooLarge extends Error {}

/** The entries of `zip` whose names `wanted` accepts, as text, by name. */
export function zipTextEntries(zip: Uint8Array, wanted: (name: string) => boolean): Map<string, string> {
  let expanded = 0;
  const files = unzipSync(zip, {
    filter: (file) => {
      if (!wanted(file.name)) return false;
      expanded += file.originalSize;
      if (expanded > MAX_EXPANDED_BYTES) throw new ArchiveTooLarge('The archive expands too far');
      return true;
    },
  });
  return new Map(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** XML entities of text nodes decoded. */
export function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}

/** Entry names in natural order (slide2 before slide10). */
export function naturalOrder(names: Iterable<string>): string[] {
  return [...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** @module Sentence and word splitting shared by the chunker and the answer composer. */

/** Abbreviations whose trailing dot does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'approx',
]);

/** Ends with a question mark, before any closing quote or bracket: "…tuned a piano?", "CAN I BRING MY DOG?". */
export const endsWithQuestion = (text: string): boolean => /\?["'”’)]*\s*$/.test(text);

/** Abbreviations that only stand before a number ("No. 5", "fig. 2"): "No. I was…" ends a sentence. */
const BEFORE_NUMBER = new Set(['no', 'vol', 'fig']);

/**
 * Splits prose into sentences: after . ! ? (and closing quotes/brackets) followed by a space
 * and an uppercase letter, digit or opening quote; not after known abbreviations or initials.
 */
export function splitSentences(text: string): string[] {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (!normalized) return [];
  const sentences: string[] = [];
  const boundary = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[A-Z0-9])/g;
  let start = 0;
  for (let match = boundary.exec(normalized); match; match = boundary.exec(normalized)) {
    const end = match.index + match[0].trimEnd().length;
    const candidate = normalized.slice(start, end);
    const lastWord = /(\S+)$/.exec(normalized.slice(start, match.index + 1))?.[1] ?? '';
    const bare = lastWord
      .replace(/^["'“‘(]+/, '')
      .replace(/\.$/, '')
      .toLowerCase();
    const numbered = BEFORE_NUMBER.has(bare) && /^\d/.test(normalized.slice(match.index + match[0].length));
    if (match[0].startsWith('.') && (ABBREVIATIONS.has(bare) || numbered || /^[a-z]$/i.test(bare))) continue;
    sentences.push(candidate.trim());
    start = match.index + match[0].length;
  }
  const tail = normalized.slice(start).trim();
  if (tail) sentences.push(tail);
  return sentences;
}

/** The number of whitespace-separated words. */
export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

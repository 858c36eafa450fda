/**
 * @module The content terms of a text, for choosing answer sentences: lowercase words minus
 * English stop words, stemmed as PostgreSQL's `english` configuration stems them (Snowball
 * English), so that "plans", "planning" and "planned" meet, and meet retrieval's lexemes.
 */
import { stem as porter2 } from 'porter2';

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further get got had has have
  having he her here hers herself him himself his how i if in into is it its itself just know let like me
  more most my myself no nor not now of off on once only or other our ours ourselves out over own really
  same she should so some such tell than that the their theirs them themselves then there these they this
  those through thing things think to too under until up us very want was way we were what when where which
  while who whom why will with would you your yours yourself yourselves ever much many go going make made
  one two lot lots please thanks thank hi hello hey don doesn didn isn aren wasn can won wouldn shouldn couldn
  mine whenever wherever whatever whoever however anyone anybody someone somebody everyone everybody`.split(
    /\s+/,
  ),
);

/**
 * The Snowball English (Porter2) stem of a word: the stemmer behind PostgreSQL's `english`
 * configuration, so that the terms of a sentence meet the lexemes retrieval searched for.
 */
export function stem(word: string): string {
  return porter2(word.toLowerCase().replace(/['’]s$/, ''));
}

/** The stemmed parts of a hyphenated term ("week-long": "week", "long"); none for a plain one. */
export const compoundParts = (term: string): string[] =>
  term.includes('-') ? term.split('-').filter(Boolean).map(stem) : [];

/** The distinct stemmed content terms of `text`, in order of first appearance. */
export function contentTerms(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/(\d)\s?%/g, '$1 percent')
      // "1,000" is one number, not the terms "1" and "000".
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      // "28mm" is 28 millimetres, as "28 mm" is.
      .replace(/(\d)(mm|cm|km|kg|psi|ml|rpm)\b/g, '$1 $2')
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const terms = new Set<string>();
  for (const raw of words) {
    // Contractions: "what's" is "what"; a number's plural ("25s") is the number.
    const word = raw.replace(/['’](s|re|ve|d|ll|m|t)$/, '').replace(/^(\d+)s$/, '$1');
    if (STOP_WORDS.has(word)) continue;
    // "one-one-one", "end-grain": the compound as PostgreSQL keeps it, then its parts.
    if (word.includes('-') && /\p{L}/u.test(word)) terms.add(stem(word));
    for (const part of word.split('-')) if (part && !STOP_WORDS.has(part)) terms.add(stem(part));
  }
  return [...terms];
}

/**
 * @module The content terms of a text, for choosing answer sentences: lowercase words minus
 * English stop words, crudely stemmed so that "plans", "planning" and "planned" meet.
 * (Retrieval itself uses PostgreSQL's english configuration; this only ranks sentences.)
 */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further get got had has have
  having he her here hers herself him himself his how i if in into is it its itself just know let like me
  more most my myself no nor not now of off on once only or other our ours ourselves out over own really
  same she should so some such tell than that the their theirs them themselves then there these they this
  those through thing things think to too under until up us very want was way we were what when where which
  while who whom why will with would you your yours yourself yourselves ever much many go going make made
  one two lot lots please thanks thank hi hello hey don doesn didn isn aren wasn can won wouldn shouldn couldn`.split(
    /\s+/,
  ),
);

/** A light suffix stripper (not Porter): enough to match inflections in one language. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  for (const [suffix, keep] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['fulness', 'ful'],
    ['iveness', 'ive'],
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ingly', ''],
    ['edly', ''],
    ['ness', ''],
    ['ments', ''],
    ['ment', ''],
    ['ies', 'y'],
    ['ied', 'y'],
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    // apply, supply, reply, only: not adverbs
    if (suffix !== 'ly' || (w.length >= 6 && w.at(-3) !== 'p')) w = w.slice(0, -suffix.length) + keep;
    break;
  }
  // planning → plann → plan; hopped → hopp → hop
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  return w.replace(/e$/, '');
}

/** The distinct stemmed content terms of `text`, in order of first appearance. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const terms = new Set<string>();
  for (const raw of words) {
    // Contractions: "what's" is "what", "don't" is "don".
    const word = raw.replace(/['’](s|re|ve|d|ll|m|t)$/, '');
    if (STOP_WORDS.has(word) || /^\d{1,2}$/.test(word)) continue;
    for (const part of word.split('-')) if (part && !STOP_WORDS.has(part)) terms.add(stem(part));
  }
  return [...terms];
}

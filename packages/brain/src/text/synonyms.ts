/**
 * @module A small synonym layer for retrieval and answer composition (issue 8): British and
 * American spellings, and a few words that visitors and creators use for the same thing.
 * Groups are matched by stem, so "glued", "gluing" and "adhesives" all count.
 */
import { stem } from './terms';

/**
 * Each line is one group; every word of a group stands for the others. A group may list
 * inflections the stemmer keeps apart (Snowball stems "glue" to glue but "glued" to glu).
 */
const GROUPS: readonly (readonly string[])[] = [
  ['glue', 'glued', 'adhesive'],
  ['sharpen', 'hone'],
  ['colour', 'color'],
  ['favourite', 'favorite'],
  ['grey', 'gray'],
  ['centre', 'center'],
  ['millimetre', 'millimeter'],
  ['litre', 'liter'],
  ['tyre', 'tire'],
  ['practise', 'practice'],
  ['mould', 'mold'],
  ['plough', 'plow'],
  ['aluminium', 'aluminum'],
  ['fibre', 'fiber'],
  ['colourful', 'colorful'],
  ['price', 'cost', 'charge'],
  ['job', 'career', 'profession'],
  ['lumber', 'timber'],
  ['mistake', 'error'],
  ['recommend', 'suggest'],
  ['bike', 'bicycle'],
  ['cycling', 'riding'],
  ['high', 'height', 'tall'],
  ['slope', 'ratio', 'angle', 'pitch'],
  ['loud', 'noise', 'noisy', 'decibel'],
  ['quiet', 'silent'],
  ['rain', 'rainy', 'wet'],
  ['percent', 'percentage'],
  ['carb', 'carbs', 'carbohydrate'],
  ['reapply', 're-oil', 'recoat', 're-coat'],
  // Irregular forms the stemmer cannot meet.
  ['long', 'longer', 'longest'],
  ['hill', 'hills', 'hilly'],
  ['grow', 'grew', 'grown'],
  ['teach', 'taught', 'teacher'],
  ['learn', 'learnt', 'learned'],
  ['buy', 'bought'],
  ['take', 'took', 'taken'],
  ['begin', 'began', 'begun'],
  ['leave', 'left'],
  ['win', 'won'],
  ['build', 'built'],
  ['sell', 'sold'],
  ['spend', 'spent'],
  ['pay', 'paid'],
  ['lose', 'lost'],
  ['find', 'found'],
  ['feel', 'felt'],
  ['become', 'became'],
  ['choose', 'chose', 'chosen'],
  ['fall', 'fell', 'fallen'],
  ['hurt', 'injury', 'injured'],
  // What holds a thing together is what locks it: a joint.
  ['hold', 'lock'],
  // Derived nouns the stemmer keeps apart from their verbs.
  ['apply', 'application'],
  ['prepare', 'preparation'],
  ['protect', 'protection'],
  ['replace', 'replacement'],
  ['recover', 'recovery'],
];

/** Stem → the words of its other group members, as written (PostgreSQL stems them again). */
const byStem = new Map<string, { words: string[]; stems: string[] }>();
for (const group of GROUPS) {
  for (const word of group) {
    const own = stem(word);
    const others = group.filter((other) => stem(other) !== own);
    byStem.set(own, { words: others, stems: others.map(stem) });
  }
}

/** The stems that stand for `term` (a stem) besides itself; [] when it has none. */
export function synonymStems(term: string): readonly string[] {
  return byStem.get(term)?.stems ?? [];
}

/**
 * `text` with the synonyms of its words appended ("what adhesive for chairs" → "... glue"),
 * for a full-text search that should find either word. Words already there are not repeated.
 */
export function withSynonyms(text: string, terms: readonly string[]): string {
  const present = new Set(terms);
  const extra: string[] = [];
  for (const term of terms) {
    const entry = byStem.get(term);
    entry?.words.forEach((word, i) => {
      const s = entry.stems[i] ?? '';
      if (!present.has(s)) {
        present.add(s);
        extra.push(word);
      }
    });
  }
  return extra.length > 0 ? `${text} ${extra.join(' ')}` : text;
}

/** Each synonym stem `withSynonyms` adds for `terms`, to the term of `terms` it stands for. */
export function synonymOf(terms: readonly string[]): Map<string, string> {
  const own = new Set(terms);
  const out = new Map<string, string>();
  for (const term of terms)
    for (const s of synonymStems(term)) if (!own.has(s) && !out.has(s)) out.set(s, term);
  return out;
}

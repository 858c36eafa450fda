/**
 * @module What a question says is absent ("without glue", "instead of a planer", "no power
 * tools"): a condition on the answer, not its subject. A passage about glue does not answer
 * "How does a chair hold together without glue?" (issue 8 round 7).
 */
import { contentTerms } from './terms';

/** "without (any|a|using) X", "instead of X", "no X": the word or hyphenated compound X. */
const ABSENT =
  /\b(?:without|instead of|rather than|other than)\s+(?:(?:any|a|an|the|using|buying|my|your)\s+)?([\p{L}\p{N}][\p{L}\p{N}'’-]*)/giu;

/** The stemmed content terms `text` names as absent. */
export function absentTerms(text: string): Set<string> {
  return new Set([...text.matchAll(ABSENT)].flatMap((m) => contentTerms(m[1] ?? '')));
}

/** `text` without the words it names as absent (a search for what is present). */
export function withoutAbsent(text: string): string {
  return text.replace(ABSENT, ' ');
}

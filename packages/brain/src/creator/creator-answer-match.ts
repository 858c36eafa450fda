/**
 * @module When a visitor's question is one a creator revised the answer to (issue 10 §5): the
 * same words, or a close paraphrase — the same content terms (stemmed, stop words out, so
 * "How should I get started?" meets "How do I start?"), nearly all shared.
 */
import { contentTerms } from '../text/terms';

/** Shared content terms over all content terms of the two questions, at least. */
const PARAPHRASE_OVERLAP = 0.75;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether `question` asks what `revised` asked: the same words or a close paraphrase. */
export function matchesRevisedQuestion(question: string, revised: string): boolean {
  if (normalise(question) === normalise(revised)) return true;
  const asked = new Set(contentTerms(question));
  const known = new Set(contentTerms(revised));
  if (asked.size === 0 || known.size === 0) return false;
  const shared = [...asked].filter((term) => known.has(term)).length;
  return shared / new Set([...asked, ...known]).size >= PARAPHRASE_OVERLAP;
}

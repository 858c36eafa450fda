/**
 * @module A grounded, extractive answer: the sentences of the best passages that speak to the
 * question, in the clone's first person, each followed by the `[n]` marker of its passage
 * (DESIGN §3, spec/chat.md §5). Used passages are numbered in order of first use; a few
 * relevant but unused ones follow them. Pure: the caller does retrieval and streaming.
 */
import type { CitationDraft } from '../brain';
import type { Passage } from '../retrieval/retrieve';
import { countWords, splitSentences } from '../text/sentences';
import { contentTerms } from '../text/terms';

export interface GroundedAnswer {
  text: string;
  citations: CitationDraft[];
}

export interface ComposeOptions {
  /** The clone's name: sentences about it in the third person ("Today Sam explains") are skipped. */
  cloneName?: string;
  /** Sentences already said (the previous answer), not repeated on "tell me more". */
  exclude?: readonly string[];
}

const MAX_SENTENCES = 4;
const MAX_WORDS = 110;
const PASSAGES_READ = 4;
const MAX_PER_PASSAGE = 3;
const UNUSED_SHOWN = 3;
/** A sentence scoring under this share of the best one is left out. */
const MIN_RELATIVE_SCORE = 0.5;

/** Openers that carry nothing in writing: greetings to an audience, fillers. */
const NOISE =
  /^(hi|hello|hey|welcome|thanks for (watching|listening)|thank you for (watching|listening)|subscribe)\b/i;
const FILLER = /^(so|um+|uh+|well|okay|ok|and|but|now|right|yeah|you know),?\s+/i;

interface Candidate {
  passage: number;
  index: number;
  text: string;
  score: number;
}

/** "so, I feed it daily" → "I feed it daily", then a capital first letter and an end mark. */
export function tidySentence(sentence: string): string {
  let text = sentence.trim();
  for (let i = 0; i < 2 && FILLER.test(text); i++) text = text.replace(FILLER, '');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]["'”’)\]]*$/.test(text) ? text : `${text}.`;
}

/** Puts `[n]` before the sentence's final full stop ("…alive [1].") or after any other end mark. */
export function withMarker(sentence: string, n: number): string {
  const match = /^(.*?)(\.+["'”’)\]]*)$/s.exec(sentence);
  return match ? `${match[1]} [${n}]${match[2]}` : `${sentence} [${n}]`;
}

const normalise = (text: string): string =>
  text
    .replace(/\s*\[\d+\]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The sentences of a passage worth quoting: not headings, audience greetings or fragments. */
function quotableSentences(passage: Passage): string[] {
  return passage.text
    .split(/\n{2,}/)
    .filter((paragraph) => /[.!?…]["'”’)\]]*$/.test(paragraph.trim()) || countWords(paragraph) >= 12)
    .flatMap(splitSentences)
    .filter((sentence) => !NOISE.test(sentence) && countWords(sentence) >= 4);
}

/**
 * Candidate sentences scored by the question terms they hold, each term weighted by how rare
 * it is among the candidates (so "starter" in every sentence decides less than "night"), plus
 * a little for the passage's rank.
 */
function candidates(question: string, passages: readonly Passage[], options: ComposeOptions): Candidate[] {
  const wanted = new Set(contentTerms(question));
  const nameWords = new Set(contentTerms(options.cloneName ?? ''));
  const said = options.exclude?.map(normalise).join(' | ') ?? '';
  const found: { passage: number; index: number; text: string; terms: string[] }[] = [];
  passages.slice(0, PASSAGES_READ).forEach((passage, p) => {
    quotableSentences(passage).forEach((sentence, index) => {
      const terms = contentTerms(sentence);
      if (terms.some((t) => nameWords.has(t))) return;
      if (said !== '' && said.includes(normalise(tidySentence(sentence)))) return;
      const matched = terms.filter((t) => wanted.has(t));
      if (matched.length > 0) found.push({ passage: p, index, text: sentence, terms: matched });
    });
  });
  const frequency = new Map<string, number>();
  for (const f of found) for (const t of f.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  return found.map((f) => ({
    passage: f.passage,
    index: f.index,
    text: f.text,
    score:
      f.terms.reduce((sum, t) => sum + Math.log(1 + found.length / (frequency.get(t) ?? 1)), 0) +
      (PASSAGES_READ - f.passage) * 0.1 -
      f.index * 0.01,
  }));
}

/** Citation drafts for passages in `order` (used) followed by some unused ones. */
function citationsFor(passages: readonly Passage[], used: readonly number[]): CitationDraft[] {
  const unused = passages
    .map((_, i) => i)
    .filter((i) => !used.includes(i))
    .slice(0, UNUSED_SHOWN);
  return [...used, ...unused].map((i, k) => {
    const passage = passages[i];
    if (!passage) throw new Error(`passage ${i} is missing`);
    return {
      position: k + 1,
      used: k < used.length,
      documentId: passage.documentId,
      documentTitle: passage.documentTitle,
      title: passage.documentTitle,
      text: passage.text,
      url: passage.url,
      timestampMs: passage.timestampMs,
      type: passage.documentType,
    };
  });
}

/**
 * The answer to `question` from `passages` (best first); null when no sentence of them speaks
 * to the question, so that the caller can say it has not covered that.
 */
export function composeGroundedAnswer(
  question: string,
  passages: readonly Passage[],
  options: ComposeOptions = {},
): GroundedAnswer | null {
  const ranked = candidates(question, passages, options).sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const chosen: Candidate[] = [];
  let words = 0;
  for (const candidate of ranked) {
    if (chosen.length >= MAX_SENTENCES || candidate.score < best * MIN_RELATIVE_SCORE) break;
    if (chosen.filter((c) => c.passage === candidate.passage).length >= MAX_PER_PASSAGE) continue;
    const length = countWords(candidate.text);
    if (chosen.length > 0 && words + length > MAX_WORDS) continue;
    chosen.push(candidate);
    words += length;
  }
  if (chosen.length === 0) return null;
  // Passages in order of relevance; a passage's sentences in their own order (reads as it was said).
  chosen.sort((a, b) => a.passage - b.passage || a.index - b.index);
  const used: number[] = [];
  const sentences = chosen.map((candidate) => {
    if (!used.includes(candidate.passage)) used.push(candidate.passage);
    return withMarker(tidySentence(candidate.text), used.indexOf(candidate.passage) + 1);
  });
  return { text: sentences.join(' '), citations: citationsFor(passages, used) };
}

/**
 * @module A grounded, extractive answer: the sentences of the best passages that speak to the
 * question, in the clone's first person, each followed by the `[n]` marker of its passage
 * (DESIGN §3, spec/chat.md §5). Used passages are numbered in order of first use; a few
 * relevant but unused ones follow them. Pure: the caller does retrieval and streaming.
 */

import type { CitationDraft } from '../brain';
import { LruMap } from '../lru-map';
import type { Passage } from '../retrieval/retrieve';
import { citedExcerpt } from '../text/cited-excerpt';
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

/** Sentences quoted from the main passage, at most, and from other passages. */
const MAX_MAIN_SENTENCES = 3;
const MAX_OTHER_SENTENCES = 1;
const MAX_WORDS = 110;
/** Longer "sentences" are lists or run-ons: not quotable. */
const MAX_SENTENCE_WORDS = 50;
/** Shorter ones are labels or fragments. */
const MIN_SENTENCE_WORDS = 5;
const PASSAGES_READ = 6;
const UNUSED_SHOWN = 3;
/** A sentence scoring under this share of the best one is left out. */
const MIN_RELATIVE_SCORE = 0.5;
/** Another passage's sentence joins only when nearly as good as the best one. */
const OTHER_PASSAGE_SCORE = 0.8;

/** Openers that carry nothing in writing: greetings to an audience, fillers. */
const NOISE =
  /^(hi|hello|hey|welcome|thanks for (watching|listening)|thank you for (watching|listening)|subscribe)\b/i;
const FILLER = /^(so|um+|uh+|well|okay|ok|and|but|now|right|yeah|you know),?\s+/i;

interface Sentence {
  passage: number;
  index: number;
  text: string;
  /** The question terms it holds. */
  terms: string[];
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

/**
 * The sentences of a passage, headings left out (a short paragraph without an end mark), each
 * marked when it lies inside a quotation: someone else's words (a listener's question), not
 * the clone's.
 */
export function passageSentences(text: string): { text: string; quoted: boolean }[] {
  return text
    .split(/\n{2,}/)
    .filter((paragraph) => /[.!?…]["'”’)\]]*$/.test(paragraph.trim()) || countWords(paragraph) >= 12)
    .flatMap((paragraph) => {
      let open = false;
      return splitSentences(paragraph).map((sentence) => {
        const quotes = (sentence.match(/["“”]/g) ?? []).length;
        const quoted = open || (quotes > 0 && /^["“]/.test(sentence.trim()));
        if (quotes % 2 === 1) open = !open;
        return { text: sentence, quoted: quoted || (open && quotes > 0) };
      });
    });
}

/** A question or a label ("Angles.", "Sizes.") introduces what follows rather than saying it. */
const isLead = (sentence: string): boolean =>
  /\?["'”’)]*$/.test(sentence) || countWords(sentence) < MIN_SENTENCE_WORDS;

/** How many of the question's terms the knowledge must hold for an answer to make sense. */
function requiredCoverage(terms: number): number {
  return terms <= 2 ? terms : Math.ceil(terms / 2);
}

/** What composing needs of one sentence of a passage, whatever the question. */
interface AnalysedSentence {
  text: string;
  quoted: boolean;
  /** All its content terms, in order of first appearance. */
  terms: readonly string[];
  words: number;
  /** A question or a label (see `isLead`). */
  lead: boolean;
  noise: boolean;
}

/** Passages analysed recently, by text: the same passages answer many questions. */
const analysed = new LruMap<string, readonly AnalysedSentence[]>(1_000);

/** `passageSentences` with each sentence's terms and word count: the costly, question-free part. */
function analysePassage(text: string): readonly AnalysedSentence[] {
  let sentences = analysed.get(text);
  if (!sentences) {
    sentences = passageSentences(text).map(({ text: sentence, quoted }) => ({
      text: sentence,
      quoted,
      terms: contentTerms(sentence),
      words: countWords(sentence),
      lead: isLead(sentence),
      noise: NOISE.test(sentence),
    }));
    analysed.set(text, sentences);
  }
  return sentences;
}

/**
 * Every sentence of the passages read, scored by the question terms it holds, each term
 * weighted by how rare it is among these sentences (so "starter" in every sentence decides
 * less than "night"). A question in the text ("How high should my bench be?") hands its score
 * to the two sentences after it, which answer it. Null when the passages hold too few of the
 * question's terms to be about it ("favourite movie" matching only "favourite").
 */
export function scoredSentences(
  question: string,
  passages: readonly Passage[],
  options: ComposeOptions,
): Sentence[] | null {
  const wanted = new Set(contentTerms(question));
  if (wanted.size === 0) return null;
  const all: (Sentence & { analysed: AnalysedSentence })[] = passages
    .slice(0, PASSAGES_READ)
    .flatMap((passage, p) =>
      analysePassage(passage.text).map((sentence, index) => ({
        passage: p,
        index,
        text: sentence.text,
        terms: sentence.terms.filter((t) => wanted.has(t)),
        score: 0,
        analysed: sentence,
      })),
    );
  const covered = new Set(all.flatMap((s) => s.terms));
  if (covered.size < requiredCoverage(wanted.size)) return null;
  const frequency = new Map<string, number>();
  for (const s of all) for (const t of s.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
  for (const s of all)
    s.score = s.terms.reduce((sum, t) => sum + Math.log(1 + all.length / (frequency.get(t) ?? 1)), 0);
  // A question or a label hands its score to the clone's own sentences that follow it.
  all.forEach((s, i) => {
    if (!s.analysed.lead && !s.analysed.quoted) return;
    const following = all
      .slice(i + 1)
      .filter((next) => next.passage === s.passage && !next.analysed.quoted && !next.analysed.lead);
    for (const next of following.slice(0, 2)) next.score = Math.max(next.score, s.score * 0.9);
    s.score = 0;
  });
  const nameWords = new Set(contentTerms(options.cloneName ?? ''));
  const said = options.exclude?.map(normalise).join(' | ') ?? '';
  return all
    .filter((s) => {
      if (s.score <= 0 || s.analysed.words > MAX_SENTENCE_WORDS || s.analysed.noise) return false;
      if (s.analysed.terms.some((t) => nameWords.has(t))) return false;
      return !(said !== '' && said.includes(normalise(tidySentence(s.text))));
    })
    .map(({ analysed: _, ...sentence }) => sentence);
}

/**
 * The passage to answer from (its best two sentences weigh most, a little for its rank), its
 * best sentences, and at most one nearly-as-good sentence from another passage.
 */
function chooseSentences(sentences: readonly Sentence[]): Sentence[] {
  const best = Math.max(0, ...sentences.map((s) => s.score));
  const byPassage = new Map<number, Sentence[]>();
  for (const s of sentences) byPassage.set(s.passage, [...(byPassage.get(s.passage) ?? []), s]);
  const strength = (list: readonly Sentence[]): number =>
    [...list]
      .map((s) => s.score)
      .sort((a, b) => b - a)
      .slice(0, 2)
      .reduce((a, b) => a + b, 0) +
    (PASSAGES_READ - (list[0]?.passage ?? PASSAGES_READ)) * 0.05;
  const main = [...byPassage.values()].sort((a, b) => strength(b) - strength(a))[0] ?? [];
  const mainBest = Math.max(0, ...main.map((s) => s.score));
  const chosen: Sentence[] = [];
  let words = 0;
  const take = (s: Sentence): void => {
    const length = countWords(s.text);
    if (chosen.length > 0 && words + length > MAX_WORDS) return;
    chosen.push(s);
    words += length;
  };
  for (const s of [...main].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= MAX_MAIN_SENTENCES || s.score < mainBest * MIN_RELATIVE_SCORE) break;
    take(s);
  }
  const others = sentences.filter(
    (s) => s.passage !== main[0]?.passage && s.score >= best * OTHER_PASSAGE_SCORE,
  );
  for (const s of others.sort((a, b) => b.score - a.score).slice(0, MAX_OTHER_SENTENCES)) take(s);
  // The main passage first, each passage's sentences in their own order (reads as it was said).
  const mainPassage = main[0]?.passage;
  return chosen.sort(
    (a, b) =>
      Number(b.passage === mainPassage) - Number(a.passage === mainPassage) ||
      a.passage - b.passage ||
      a.index - b.index,
  );
}

/**
 * Citation drafts for passages in `order` (used) followed by some unused ones. A used one quotes
 * the paragraphs its `claims` (the sentences taken from it) come from, with their own timestamp.
 */
function citationsFor(
  passages: readonly Passage[],
  used: readonly number[],
  claims: ReadonlyMap<number, string[]> = new Map(),
): CitationDraft[] {
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
      ...citedExcerpt({ ...passage, moments: passage.moments ?? [] }, claims.get(i) ?? []),
      url: passage.url,
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
  const sentences = scoredSentences(question, passages, options);
  const chosen = sentences ? chooseSentences(sentences) : [];
  if (chosen.length === 0) return null;
  const used: number[] = [];
  const claims = new Map<number, string[]>();
  const text = chosen
    .map((s) => {
      if (!used.includes(s.passage)) used.push(s.passage);
      claims.set(s.passage, [...(claims.get(s.passage) ?? []), s.text]);
      return withMarker(tidySentence(s.text), used.indexOf(s.passage) + 1);
    })
    .join(' ');
  return { text, citations: citationsFor(passages, used, claims) };
}

/**
 * @module A grounded, extractive answer (DESIGN §3, spec/chat.md §5, issue 8): the run of
 * consecutive sentences of the one passage that answers the question — the fact asked for
 * stated, not only cited — in the clone's first person, each sentence followed by the `[n]`
 * marker of its passage. When the knowledge only grazes the question, a short hedged answer;
 * when it does not cover it, null (the caller says so). Pure: the caller does retrieval and
 * streaming.
 */
import type { CitationDraft } from '../brain';
import type { Passage } from '../retrieval/retrieve';
import { biographyTitlePattern } from '../retrieval/search-knowledge';
import { citedExcerpt } from '../text/cited-excerpt';
import { endsWithQuestion } from '../text/sentences';
import { contentTerms } from '../text/terms';
import { askedMeasure } from './answer-measure';
import {
  type AnswerWindow,
  bestWindow,
  growWindow,
  type Held,
  heldByWindow,
  mentionsInPassing,
  normaliseSentence,
  type WindowContext,
  type WindowSentence,
  windowSentences,
} from './answer-window';
import { passageSentences } from './passage-sentences';
import { type QuestionIntent, questionIntent } from './question-intent';
import { headTerm, type QuestionTerm, questionTerms, type TermStatistics } from './question-terms';
import { holdsTerm, mirroredPhrases } from './states-asked';
import { CLAUSE, tidySentence } from './tidy-sentence';

export { tidySentence };

export interface GroundedAnswer {
  text: string;
  citations: CitationDraft[];
  /** The knowledge only grazes the question: the answer says so and stays short. */
  hedged: boolean;
}

export interface ComposeOptions {
  /** The clone's name: sentences about it in the third person ("Today Sam explains") are skipped. */
  cloneName?: string;
  /** Sentences already said (the previous answer), not repeated on "tell me more". */
  exclude?: readonly string[];
  /** Sentences the visitor has just heard: said again only when they state what a follow-up asks. */
  heard?: readonly string[];
  /** The question a follow-up ("and in winter?") follows: its terms count, less. */
  context?: string;
  /** What the question asks for; read from the question (or the context) when left out. */
  intent?: QuestionIntent;
  /** The clone's term frequencies from retrieval: rare terms weigh most. */
  statistics?: TermStatistics;
  /** The clone's headline ("Beekeeper and honey producer"): its words are known, if unwritten. */
  headline?: string;
}

/** An ordinary answer's length in words (issue 8: 40–120). */
const LENGTHS = { minWords: 40, fullWords: 90, maxWords: 120 };
const HEDGE_MAX_WORDS = 60;
const FRAGMENT_WORDS = 2;
/** "Two reasons.", "Three things.": announces what follows, says nothing itself. */
const ANNOUNCES =
  /^(?:one|two|three|four|five|a few|several|some) (?:reasons?|things?|ways?|rules?|steps?|options?|problems?)[.:]?$/i;

/**
 * A label rather than a claim: a fragment opening its paragraph ahead of the sentences it
 * labels ("Sizes. My standard board is…") or announcing them ("Two reasons."). A fragment that
 * answers ("Someone asked my favourite wood. Cherry.") stays.
 */
function isLabel(
  s: WindowSentence,
  before: WindowSentence | undefined,
  after: WindowSentence | undefined,
): boolean {
  if (s.words > FRAGMENT_WORDS + 1) return false;
  if (ANNOUNCES.test(s.text.trim())) return true;
  // "CAN I BRING MY DOG?" — "Sorry, no.": the reply to the question over it.
  if (before?.question || (before?.heading && endsWithQuestion(before.text))) return false;
  const opensParagraph = !before || before.part !== s.part || before.paragraph !== s.paragraph;
  const labelsNext = after !== undefined && after.part === s.part && after.paragraph === s.paragraph;
  // "Setting the projection.": three words, but no one doing anything — a label too.
  const clause = /\b(?:I|I'm|you|we|it|it's|they|is|are|was|were|be)\b/i.test(s.text);
  return (s.words <= FRAGMENT_WORDS || !clause) && opensParagraph && labelsNext;
}
/**
 * "A flatsawn red oak dining tabletop, 36 inches wide.": a thing and its size, no verb — the
 * example the sentences after it work through, set up for a listener who asked for one. It does
 * not open an answer to a question that already names the thing; the sentences after it do.
 */
const SETTING = /^(?:a|an)\s[^,.!?]+,\s*\d[\d.,/]*\s*[\p{L}-]+(?:\s[\p{L}-]+)?[.]?$/iu;
const isSetting = (s: WindowSentence, after: WindowSentence | undefined): boolean =>
  SETTING.test(s.text.trim()) &&
  !CLAUSE.test(s.text) &&
  after !== undefined &&
  after.part === s.part &&
  after.paragraph === s.paragraph;
const UNUSED_SHOWN = 3;
/** Share of the question's known weight an answer must hold; a hedge holds less, but some. */
const ANSWER_COVERAGE = 0.55;
/** Windows after the best one judged when the best does not answer. */
const NEXT_WINDOWS = 3;
const HEDGE_COVERAGE = 0.3;
/**
 * Share of the question's weight in words the clone never uses ("lasagna", "smartphone") past
 * which the question is about something else: over the first, at most a hedge; over the
 * second, not covered.
 */
const UNKNOWN_HEDGE = 0.3;
const UNKNOWN_NONE = 0.6;

/**
 * A hedge's sentences: the window's first two, or its one sentence and the one after it in the
 * run ("…green caterpillars will turn a kale leaf to lace in a week." then "We cover every
 * brassica bed with fine insect mesh").
 */
function hedgeSentences(window: readonly WindowSentence[], run: readonly WindowSentence[]): WindowSentence[] {
  // A short reply opening it ("Yes.", "Sorry, no.") says little without the two after it.
  if (window.length >= 2) return window.slice(0, (window[0]?.words ?? 0) <= FRAGMENT_WORDS ? 3 : 2);
  const [only] = window;
  const at = only ? run.indexOf(only) : -1;
  const after = at >= 0 ? run[at + 1] : undefined;
  // Not a question it goes on to ask ("Sit or stand?") nor a label ("First, cooling.").
  if (!only || !after?.own || after.question || after.heading || after.words < 4) return [...window];
  return [only, after];
}

/** Puts `[n]` before the sentence's final full stop ("…alive [1].") or after any other end mark. */
export function withMarker(sentence: string, n: number): string {
  const match = /^(.*?)(\.+["'”’)\]]*)$/s.exec(sentence);
  return match ? `${match[1]} [${n}]${match[2]}` : `${sentence} [${n}]`;
}

/**
 * A citation of `passage` (or of the chunk after it, `part` 1). A used one quotes the paragraphs
 * its `claims` (the sentences the answer took from it) come from, with their own timestamp
 * (issue 9 §4), not the chunk's opening.
 */
const draft = (
  passage: Passage,
  position: number,
  used: boolean,
  part: -1 | 0 | 1 = 0,
  claims: readonly string[] = [],
): CitationDraft => {
  const source =
    part === 1 && passage.next
      ? { text: passage.next.text, timestampMs: passage.next.timestampMs, moments: [] }
      : part === -1 && passage.previousText
        ? { text: passage.previousText, timestampMs: null, moments: [] }
        : { text: passage.text, timestampMs: passage.timestampMs, moments: passage.moments ?? [] };
  return {
    position,
    used,
    documentId: passage.documentId,
    documentTitle: passage.documentTitle,
    title: passage.documentTitle,
    ...citedExcerpt(source, claims),
    url: passage.url,
    type: passage.documentType,
  };
};

/**
 * How far retrieval's order is trusted for passage `i` (1 for the first). Retrieval ranks the
 * passage that states the fact first for most questions; the composer overrides it only on
 * clearly better evidence.
 */
/** How much retrieval's order among passages of one document counts, against its order among documents. */
const WITHIN_DOCUMENT_RANK = 0.05;
/** A document whose best passage matches less than this share of the best match is trusted for its match, not its place. */
const WEAKER_MATCH = 0.75;
/** Documents past the sixth are not trusted for their rank at all. */
const RANK_SPAN = 6;

function rankShare(i: number, passages: readonly Passage[], byMatch = true): number {
  // Retrieval finds the document; which of its passages answers is the composer's to judge:
  // a document's later passages are trusted nearly as much as its best.
  const documentId = passages[i]?.documentId;
  const first = Math.max(
    0,
    passages.findIndex((p) => p.documentId === documentId),
  );
  const positional = Math.max(0, 1 - (first + WITHIN_DOCUMENT_RANK * (i - first)) / RANK_SPAN);
  // Biography passages put first for a question about the creator ("your first one") are
  // trusted by how well they match, not by the place they were put in — unless the question
  // asks what their biography tells ("where", "who", "when", "before you became…").
  const best = Math.max(...passages.map((p) => p.rank));
  const rank = Math.max(...passages.filter((p) => p.documentId === documentId).map((p) => p.rank));
  return byMatch && best > 0 && rank < WEAKER_MATCH * best ? positional * (rank / best) : positional;
}

/** How much of the question `window` holds, and whether that is an answer, a hedge or nothing. */
function verdict(
  window: Held & { cued: boolean },
  totalWeight: number,
  followUp: boolean,
  subjectless: boolean,
  /** The share of the question's weight, before `cappedUnknown`, in words the knowledge never uses. */
  unknownBeforeCap: number,
): 'answer' | 'hedge' | 'none' {
  const unknownShare = window.unknown / (totalWeight || 1);
  if (unknownShare > UNKNOWN_NONE) return 'none';
  const known = totalWeight - window.unknown - window.unsayable;
  // Nothing the clone's knowledge uses was asked ("before you became a baker"): nothing to miss.
  // Nor when every word asked only frames it ("before you were a marine biologist") and the
  // window states the kind of fact asked for.
  const share = known > 0.01 && !(subjectless && window.cued) ? window.coverage / known : 1;
  // A follow-up ("how long did that take?") may say only what it asks for: a duration.
  // So may a question with no subject of its own ("what did you do before woodworking?").
  const focused = window.focusHeld > 0 || ((followUp || subjectless) && window.cued);
  if (
    share >= ANSWER_COVERAGE &&
    focused &&
    unknownShare <= UNKNOWN_HEDGE &&
    unknownBeforeCap <= UNKNOWN_HEDGE
  )
    return 'answer';
  if (share >= HEDGE_COVERAGE && window.topicalHeld >= 2 && focused) return 'hedge';
  return 'none';
}

/**
 * A word the knowledge never uses weighs as its rarest word would (idf's ceiling), however
 * common it is ("state" in "what state of the tide…"): beside a subject the knowledge does
 * use, it weighs no more than that subject. A question of words the knowledge never uses
 * ("lasagna recipe") keeps its weights: it is about something else.
 */
function cappedUnknown(terms: QuestionTerm[]): QuestionTerm[] {
  const known = terms.filter((t) => t.focus && t.topical && !t.unknown).map((t) => t.weight);
  if (known.length === 0) return terms;
  const cap = Math.max(...known);
  return terms.map((t) => (t.unknown && t.weight > cap ? { ...t, weight: cap } : t));
}

/** Kinds of fact about the creator's life an About page states, whatever words it uses. */
const BIOGRAPHICAL: ReadonlySet<QuestionIntent['kind']> = new Set(['place', 'person', 'time', 'reason']);

/**
 * For a "where", "who" or "when" question about the creator's life, the best window of one of
 * their biography documents (an About page, a bio, an interview) that states that kind of fact.
 */
function biographyWindow(
  windows: readonly AnswerWindow[],
  passages: readonly Passage[],
  intent: QuestionIntent,
  cloneName: string,
): AnswerWindow | undefined {
  if (!intent.aboutCreator || !BIOGRAPHICAL.has(intent.kind)) return undefined;
  const biography = new RegExp(biographyTitlePattern(cloneName).replace(/\\[mM]/g, '\\b'), 'i');
  return windows.find((w) => {
    const p = passages[w.passage];
    return w.cued && p !== undefined && biography.test(p.documentTitle);
  });
}

/** The list lines right after sentence `k` when it introduces them ("Equal parts by volume:"). */
function listedAfter(sentences: readonly WindowSentence[], k: number): WindowSentence[] {
  const s = sentences[k];
  if (!s || !/:$/.test(s.text.trim())) return [];
  const items: WindowSentence[] = [];
  for (let i = k + 1; i < sentences.length; i++) {
    const item = sentences[i];
    if (!item || item.part !== s.part || /[.!?:]["'”’)]*$/.test(item.text.trim())) break;
    items.push(item);
  }
  return items;
}

/** "a", "b" and "c" as "a, b and c". */
function joinItems(items: readonly string[]): string {
  const lower = items.map((t) => t.trim().replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()));
  return lower.length < 2 ? (lower[0] ?? '') : `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)}`;
}

/** "Workbench - around 150 dollars in materials.": a list item's label and its gist, opening its paragraph. */
const LABELLED_ITEM = /^\p{Lu}[\p{L}'’&/, ]{1,40} [-–—] \S/u;
/** Items a section must list for a question about the whole list to be answered by their labels. */
const DIGEST_ITEMS = 3;
/** Kinds of question a list of labelled items answers as a whole ("What would you buy to…?"). */
const LIST_ANSWERS: ReadonlySet<QuestionIntent['kind']> = new Set(['choice', 'general', 'steps']);

/** Indexes of the sentences of `all` opening a labelled item of `section` (the passage and the chunk after it). */
function itemOpenings(all: readonly WindowSentence[], section: string): number[] {
  return all.flatMap((s, k) => {
    const before = all[k - 1];
    const opens = !before || before.part !== s.part || before.paragraph !== s.paragraph;
    return s.own && opens && s.section === section && LABELLED_ITEM.test(s.text) ? [k] : [];
  });
}

/**
 * A question about a whole list ("What would you buy to set up a first shop?") answered from one
 * of its items ("Chisels - around 80 dollars…"): the list's own labels instead, in order, from
 * the passage of the same document where the list starts (its intro line first), up to
 * `maxWords`. Only when no item names what is asked (then that item answers: "how much for chisels?").
 */
function listDigest(
  best: AnswerWindow,
  opening: WindowSentence | undefined,
  passages: readonly Passage[],
  context: WindowContext,
  maxWords: number,
): { passage: number; sentences: WindowSentence[] } | null {
  const section = opening?.section;
  if (!opening || !section || !LIST_ANSWERS.has(context.intent.kind) || !LABELLED_ITEM.test(opening.text))
    return null;
  const names = (s: WindowSentence | undefined) =>
    s !== undefined && context.terms.some((t) => t.focus && t.topical && holdsTerm(new Set(s.terms), t));
  const documentId = passages[best.passage]?.documentId;
  // The passage of the document where the list's heading is, else the one the answer was found in.
  // Chunks carry their section's heading: the earliest one holding it is where the list starts.
  const candidates = passages
    .flatMap((p, i) => (p.documentId === documentId ? [i] : []))
    .sort((a, b) => (passages[a]?.position ?? 0) - (passages[b]?.position ?? 0));
  const starts = (all: readonly WindowSentence[]) =>
    all.findIndex((s) => s.part === 0 && s.heading && s.text.replace(/[.:]$/, '') === section);
  let chosen = { index: best.passage, all: best.all, from: -1 };
  for (const i of candidates) {
    const p = passages[i];
    if (!p) continue;
    const all = windowSentences(p, context);
    const at = starts(all);
    if (at >= 0) {
      chosen = { index: i, all, from: at };
      break;
    }
  }
  // The list may start in the chunk before the passage, under the same heading (chunks carry their heading).
  {
    const p = passages[chosen.index];
    const before = p?.previousText ? passageSentences(p.previousText) : [];
    const at = before.findIndex((s) => s.heading && s.text.replace(/[.:]$/, '') === section);
    if (at >= 0) {
      const tagged = before.map((s) => ({
        ...s,
        part: -1 as const,
        own: !s.quoted && !s.noise && !s.heading,
      }));
      chosen = { ...chosen, all: [...tagged, ...chosen.all.filter((s) => s.part !== -1)], from: at };
    }
  }
  const items = itemOpenings(chosen.all, section);
  if (items.length < DIGEST_ITEMS || items.some((k) => names(chosen.all[k]))) return null;
  const sentences: WindowSentence[] = [];
  let words = 0;
  // The line introducing the list ("These are typical prices for…"), when the heading is in view.
  const intro = chosen.from >= 0 ? chosen.all[chosen.from + 1] : undefined;
  if (
    intro?.own &&
    !intro.dangling &&
    !intro.heading &&
    intro.section === section &&
    !LABELLED_ITEM.test(intro.text)
  ) {
    sentences.push(intro);
    words += intro.words;
  }
  for (const k of items) {
    const item = chosen.all[k];
    if (!item || words + item.words > maxWords) break;
    sentences.push(item);
    words += item.words;
  }
  return sentences.length > DIGEST_ITEMS ? { passage: chosen.index, sentences } : null;
}

/**
 * The answer to `question` from `passages` (best first); null when they do not cover it, so
 * that the caller can say it has not covered that.
 */
export function composeGroundedAnswer(
  question: string,
  passages: readonly Passage[],
  options: ComposeOptions = {},
): GroundedAnswer | null {
  const profile = options.headline ? new Set(contentTerms(options.headline)) : undefined;
  const weighed = questionTerms(question, options.context, options.statistics, profile);
  const terms = cappedUnknown(weighed);
  const unknownBeforeCap =
    weighed.filter((t) => t.unknown && t.topical).reduce((sum, t) => sum + t.weight, 0) /
    (weighed.reduce((sum, t) => sum + t.weight, 0) || 1);
  const own = questionIntent(question);
  const intent =
    options.intent ?? (own.kind === 'general' && options.context ? questionIntent(options.context) : own);
  // "Where are you from?" has no terms, yet the creator's biography may say.
  const lifeQuestion = intent.aboutCreator && BIOGRAPHICAL.has(intent.kind);
  if ((terms.length === 0 && !lifeQuestion) || passages.length === 0) return null;
  const context = {
    terms,
    intent,
    // "How do you price a table?" asks for the method, not for a sum of money.
    // A follow-up asking a measure of its own ("How old do you have to be?" after a price) asks
    // that one; "And a week-long one?" asks the measure asked before.
    measure: intent.calculation
      ? null
      : (askedMeasure(question) ??
        (options.context && own.kind === 'general' ? askedMeasure(`${options.context} ${question}`) : null)),
    cloneName: options.cloneName ?? '',
    said: new Set((options.exclude ?? []).map(normaliseSentence)),
    heard: new Set((options.heard ?? []).map(normaliseSentence)),
    retrieved: new Set(passages.map((p) => p.chunkId)),
    question: options.context ? `${options.context} ${question}` : question,
  };
  const totalWeight = terms.reduce((sum, t) => sum + t.weight, 0);
  // A question with no words of its own ("Where are you based?") is answered from the creator's biography only.
  const biography = new RegExp(biographyTitlePattern(options.cloneName ?? '').replace(/\\[mM]/g, '\\b'), 'i');
  const byMatch = !lifeQuestion && intent.earlier !== true;
  const windows = passages
    .map((p, i) =>
      terms.length === 0 && !biography.test(p.documentTitle)
        ? null
        : bestWindow(p, i, context, rankShare(i, passages, byMatch), options.context !== undefined),
    )
    .filter((w): w is AnswerWindow => w !== null)
    .sort((a, b) => b.score - a.score);
  const first = windows[0];
  if (!first) return null;
  // "What's the recipe for your glaze?", "Which smart trainer should I buy?": an answer says what
  // is in it, or names the thing chosen. Sentences about the subject that do neither, and hold no
  // cue of the kind of fact asked, only come close: a hedge.
  const head = headTerm(terms, intent.head);
  const namesAsked = (sentences: readonly WindowSentence[]): boolean =>
    intent.kind !== 'composition' && (!head || sentences.some((s) => holdsTerm(new Set(s.terms), head)));
  const judge = (w: AnswerWindow) => {
    const grown = growWindow(w, context, LENGTHS);
    const holds = heldByWindow(w, Math.min(w.leadIn, grown.span[0]), grown.span[1], context);
    const cued = w.cued || grown.sentences.some((s) => s.cues.size > 0 && w.cued);
    const subjectless = !terms.some((t) => t.topical && t.focus);
    const judged = verdict(
      { ...holds, cued },
      totalWeight,
      options.context !== undefined,
      subjectless,
      unknownBeforeCap,
    );
    const decision = judged === 'answer' && !cued && !namesAsked(grown.sentences) ? 'hedge' : judged;
    return { window: w, grown, cued, decision };
  };
  // A question with one subject ("stocks") is not answered by a passage that names it in passing
  // — unless the sentence naming it says the rest of what is asked too ("*sell* your furniture"),
  // the creator says it in their own words, or it is their biography (which says each thing once).
  const subjects = terms.filter((t) => t.topical && t.focus);
  const [subject] = subjects;
  const others = terms.filter((t) => t.focus && !t.framing && !t.absent && t !== subject && !t.unknown);
  const inPassing = (w: AnswerWindow, sentences: readonly WindowSentence[], cued: boolean): boolean => {
    const p = passages[w.passage];
    const ownWords = mirroredPhrases(question).some((m) => sentences.some((s) => m.test(s.text)));
    const ownLife = intent.aboutCreator && p !== undefined && biography.test(p.documentTitle);
    return (
      subjects.length === 1 &&
      subject !== undefined &&
      !cued &&
      !ownWords &&
      !ownLife &&
      mentionsInPassing(w, subject, others)
    );
  };
  let judged = judge(first);
  // The best window names the subject in passing: the next one that answers and does not.
  if (judged.decision !== 'none' && inPassing(judged.window, judged.grown.sentences, judged.cued)) {
    const next = windows
      .slice(1)
      .map(judge)
      .find((j) => j.decision !== 'none' && !inPassing(j.window, j.grown.sentences, j.cued));
    if (next) judged = next;
  }
  // The best window does not answer: one of the next few may (a passage ranked second that says
  // it in other words), judged by the same verdict.
  if (judged.decision === 'none') {
    const next = windows
      .slice(1, 1 + NEXT_WINDOWS)
      .map(judge)
      .find((j) => j.decision !== 'none' && !inPassing(j.window, j.grown.sentences, j.cued));
    if (next) judged = next;
  }
  if (judged.decision === 'none') {
    // A question about the creator's life that their knowledge words differently ("Where are
    // you based?"): their biography's sentence stating that kind of fact, as a hedge.
    const fromBiography = biographyWindow(windows, passages, intent, options.cloneName ?? '');
    if (!fromBiography) return null;
    judged = { ...judge(fromBiography), decision: 'hedge' };
  }
  const { window: chosen, grown, cued, decision } = judged;
  let best = chosen;
  const digest =
    decision === 'answer' ? listDigest(best, grown.sentences[0], passages, context, LENGTHS.maxWords) : null;
  if (digest)
    best = windows.find((w) => w.passage === digest.passage) ?? { ...best, passage: digest.passage };
  const passage = passages[best.passage];
  if (!passage) return null;
  if (inPassing(best, grown.sentences, cued)) return null;
  const hedged = decision === 'hedge';
  const sentences: WindowSentence[] = digest
    ? digest.sentences
    : hedged
      ? hedgeSentences(best.sentences, grown.sentences)
      : grown.sentences;
  // A list's labels may begin in the chunk before the passage (cited as a source of its own).
  const parts = [...new Set(sentences.flatMap((s) => (s.part === -1 && !digest ? [] : [s.part])))].sort();
  const marker = (part: -1 | 0 | 1): number => (parts.includes(part) ? parts.indexOf(part) + 1 : 0);
  let body = '';
  let words = 0;
  for (let k = 0; k < sentences.length; k++) {
    const s = sentences[k];
    if (!s) continue;
    if (hedged && body !== '' && words + s.words > HEDGE_MAX_WORDS) break;
    // The sentence before the run counts: "Cherry." right after "Someone asked my favourite wood." labels nothing.
    const before = k === 0 && !digest ? best.all[(hedged ? best.span : grown.span)[0] - 1] : sentences[k - 1];
    if (s.heading || s.noise || isLabel(s, before, sentences[k + 1])) continue;
    if (body === '' && !digest && isSetting(s, sentences[k + 1])) continue;
    // "Equal parts by volume:" and the lines listed under it read as one sentence.
    const items = listedAfter(sentences, k);
    const announces = /:["'”’)]*$/.test(s.text.trim());
    // A line announcing a list the answer does not go on to give ("Here are the ones I keep:") is left out.
    if (announces && items.length === 0 && k === sentences.length - 1 && body !== '') continue;
    const text =
      items.length > 0
        ? `${s.text} ${joinItems(items.map((i) => i.text))}`
        : announces
          ? s.text.trim().replace(/:(["'”’)]*)$/, '.$1')
          : s.text;
    // A rhetorical question inside the run ("Why bother?") claims nothing: no marker after it.
    const sentence = tidySentence(text);
    body += `${body ? ' ' : ''}${s.question ? sentence : withMarker(sentence, marker(s.part))}`;
    words += s.words + items.reduce((sum, i) => sum + i.words, 0);
    k += items.length;
  }
  const text = hedged
    ? `I haven't covered that exactly, so take this as the closest thing I've said. ${body}`
    : body;
  const claims = (part: -1 | 0 | 1) => sentences.filter((s) => s.part === part).map((s) => s.text);
  const used = parts.map((part, k) => draft(passage, k + 1, true, part, claims(part)));
  const related = windows
    .filter((w) => w.passage !== best.passage && w.topicalHeld > 0)
    .slice(0, UNUSED_SHOWN)
    .flatMap((w) => {
      const p = passages[w.passage];
      return p ? [p] : [];
    });
  // A related source quotes its paragraph closest to the question, not its opening.
  const citations = [...used, ...related.map((p, k) => draft(p, used.length + k + 1, false, 0, [question]))];
  return { text, citations, hedged };
}

/**
 * @module The run of consecutive sentences of one passage that answers a question (issue 8).
 * It opens with the passage's answer sentence — the one holding the question's terms (or
 * following the interviewer's question or the heading that holds them) and stating the kind
 * of fact asked for: an amount in the unit asked, a time for "when", a reason for "why" — or
 * with the sentence just before it when the answer sentence points back ("It needs no glue").
 * The run then goes on with the sentences after it, whole, never stitched from elsewhere. A
 * passage may run on into the chunk after it in its document; the end of the chunk before it
 * (never quoted) and the heading of each sentence's section say what it is about.
 */
import { LruMap } from '../lru-map';
import type { Passage } from '../retrieval/retrieve';
import { endsWithQuestion } from '../text/sentences';
import { compoundParts, contentTerms } from '../text/terms';
import { askedMeasure, NUMBER, priceWords } from './answer-measure';
import { type PassageSentence, passageSentences } from './passage-sentences';
import { type QuestionIntent, questionIntent } from './question-intent';
import { headTerm, type QuestionTerm } from './question-terms';
import { holdsTerm, measures, mirroredPhrases, NEGATING, otherTense, statesAsked } from './states-asked';
import { CLAUSE } from './tidy-sentence';

/**
 * A sentence of a passage, of the chunk after it (`part` 1), or of the end of the chunk before it
 * (`part` -1: never quoted, only what leads up to the passage).
 */
export interface WindowSentence extends PassageSentence {
  part: -1 | 0 | 1;
  /** The clone's own words, fit to quote. */
  own: boolean;
}

export interface WindowContext {
  terms: readonly QuestionTerm[];
  intent: QuestionIntent;
  cloneName: string;
  /** Sentences already said (normalised), not to be said again. */
  said: ReadonlySet<string>;
  /** Sentences the visitor has just heard (normalised): a run leading with them is marked down. */
  heard?: ReadonlySet<string>;
  /** A number with the unit the question asks for (answer-measure.ts); null when it names none. */
  measure?: RegExp | null;
  /** The question as asked (its wording beyond its terms: "not", "avoid"). */
  question?: string;
  /** The chunks retrieved: a run opens in the chunk after a passage only when it was not retrieved itself. */
  retrieved?: ReadonlySet<number>;
}

export interface AnswerWindow {
  passage: number;
  documentType: Passage['documentType'];
  /** Every sentence of the passage and the chunk after it (`windowSentences`). */
  all: readonly WindowSentence[];
  /** The terms of the passage and its document's title. */
  around: ReadonlySet<string>;
  /** The terms of its document's title: what every passage of the document is about. */
  title: ReadonlySet<string>;
  /** Sentence indexes [first, last] in `windowSentences` of its passage. */
  span: readonly [number, number];
  /** Where the run began before it was opened at the answer (what leads up to it still counts). */
  leadIn: number;
  sentences: readonly WindowSentence[];
  /** Weight of the question terms the answer sentence holds, or its lead, or its passage. */
  coverage: number;
  /** Weight of the topical question terms the clone's knowledge never uses. */
  unknown: number;
  /** Weight of the other terms it never uses (the question's own verbs: "redo", "insist"). */
  unsayable: number;
  /** Topical terms of the visitor's latest message held by the window or its lead. */
  focusHeld: number;
  /** Topical terms held by the window or its lead, from either message. */
  topicalHeld: number;
  /** It states the kind of fact the question asks for. */
  cued: boolean;
  score: number;
}

/** Documents whose paragraphs are separate posts. */
const SOCIAL: ReadonlySet<string> = new Set(['twitter', 'instagram', 'facebook', 'linkedin']);
/** Sentences of the chunk before a passage read as what leads up to it. */
const LEAD_SENTENCES = 2;
/** Longest sentence quoted: longer ones are lists or run-ons. */
const MAX_SENTENCE_WORDS = 60;
/**
 * Credit of a question term by where it is: the sentence, the question or heading before it,
 * its document's title (the heading over all of it), its neighbours, its passage.
 */
const CREDIT = { sentence: 1, asked: 0.9, title: 0.9, neighbour: 0.6, passage: 0.4 };
const CORE_SENTENCES = 5;
/** A subject weighing at least this share of the question's heaviest one carries its thread. */
const THREAD_SHARE = 0.6;
/** Sentences shorter than this do not count towards CORE_SENTENCES (the words still count). */
const SHORT_SENTENCE_WORDS = 6;
const CORE_WORDS = 100;
/** Score weights, as shares of the question's total weight. */
const WEIGHTS = {
  cue: 0.5,
  followUpCue: 0.8,
  anchored: 0.8,
  measure: 1.2,
  density: 0.25,
  rank: 1,
  fluff: 0.08,
  listLine: 0.05,
  crossing: 0.05,
  anecdote: 0.3,
  nextOpening: 0.3,
  againstSection: 0.6,
  mirror: 0.5,
  heard: 0.3,
  opensOnSubject: 0.1,
  sameQuestion: 1,
  sequence: 1.5,
  target: 0.8,
  tense: 0.4,
  answersAbsent: 1,
};

/** The first step of a method, labelled: "Day 1.", "Step 1: Charge the whistle". */
const SEQUENCE_START = /^(?:step|day|week|stage|phase)\s+(?:1|one)\b/i;

/** The run at `k` starts a method, or follows the label of its first step ("Day 1." — "In a clean jar…"). */
function startsSequence(all: readonly WindowSentence[], k: number): boolean {
  const before = all[k - 1];
  const labelled = before !== undefined && before.words <= 3 && SEQUENCE_START.test(before.text);
  return labelled || SEQUENCE_START.test(all[k]?.text ?? '');
}

/** A number said without a unit, in digits or words: "about 40.", "fifty or sixty thousand." */
const COUNT = new RegExp(`\\b${NUMBER}(?=\\s*(?:[.,;:!?)]|$|or so\\b|in all\\b|of them\\b))`, 'i');

/**
 * Words that give an amount as the one to aim for: "I want 6 to 8 percent", "aim for 90 rpm",
 * "what you want is 55 to 65 degrees".
 */
const TARGET =
  /\bI(?:'m| am)? (?:want|aim|aiming|look for|go for|recommend|suggest)\b|\bwhat you want\b|\byou want (?:it |them )?(?:at|around|about|between)\b|\b(?:should|must|needs? to) be\b|\baim (?:for|at)\b|\b(?:target|ideal|ideally|no more than|no less than)\b/i;

export const normaliseSentence = (text: string): string =>
  text
    .replace(/\s*\[\d+\]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Tagged sentences of passages read recently, by clone name and chunks (when nothing was said before). */
const tagged = new LruMap<string, WindowSentence[]>(1_000);

/** The passage's sentences, then those of the chunk after it, each marked when fit to quote. */
export function windowSentences(passage: Passage, context: WindowContext): WindowSentence[] {
  const key =
    context.said.size === 0
      ? `${context.cloneName}\u0000${passage.previousText ?? ''}\u0000${passage.text}\u0000${passage.next?.text ?? ''}`
      : null;
  const cached = key === null ? undefined : tagged.get(key);
  if (cached) return cached;
  const all = tagSentences(passage, context);
  if (key !== null) tagged.set(key, all);
  return all;
}

function tagSentences(passage: Passage, context: WindowContext): WindowSentence[] {
  const name = context.cloneName.trim().toLowerCase();
  const first = name.split(/\s+/)[0] ?? '';
  const mentionsClone = (lower: string): boolean =>
    first.length >= 3 && (lower.includes(name) || new RegExp(`\\b${first}\\b`).test(lower));
  const own = (s: PassageSentence): boolean => {
    if (s.quoted || s.noise || s.heading || s.words > MAX_SENTENCE_WORDS) return false;
    if (s.speaker !== null && !(first !== '' && s.speaker.split(' ').includes(first))) return false;
    // Someone speaking about the clone in the third person ("Juniper teaches every class herself").
    if (mentionsClone(s.text.toLowerCase()) && !s.firstPerson) return false;
    return !context.said.has(normaliseSentence(s.text));
  };
  const tag =
    (part: -1 | 0 | 1) =>
    (s: PassageSentence): WindowSentence => ({ ...s, part, own: part !== -1 && own(s) });
  // What leads up to the passage: the last paragraph of the chunk before, at most two sentences.
  const before = passage.previousText ? passageSentences(passage.previousText) : [];
  const lastParagraph = before.at(-1)?.paragraph;
  const lead = before.filter((s) => s.paragraph === lastParagraph).slice(-LEAD_SENTENCES);
  return [
    ...lead.map(tag(-1)),
    ...passageSentences(passage.text).map(tag(0)),
    ...(passage.next ? passageSentences(passage.next.text).map(tag(1)) : []),
  ];
}

/** Which paragraph of which chunk a sentence is in. */
const paragraphKey = (s: WindowSentence | undefined): string => `${s?.part}:${s?.paragraph}`;

/**
 * "That's a whole episode, and it's coming.": a promise of more elsewhere, which reads as a dead
 * end at the close of an answer (the episode may well be in the knowledge already).
 */
const DEFERS =
  /^(?:and |but )?(?:that's|that is|this is|it's) (?:a whole|another|a separate|its own) (?:episode|video|post|article|story|topic|conversation|class)\b|\bmore on (?:that|this) (?:later|another time|soon|next time)\b/i;

/** Sentence `k` is a short label opening its paragraph ("Setting the projection.", "Angles."). */
const opensLabel = (all: readonly WindowSentence[], k: number): boolean => {
  const s = all[k];
  return s !== undefined && s.words <= 3 && paragraphKey(all[k - 1]) !== paragraphKey(s);
};

/** Can an answer open with this sentence? */
const opener = (s: WindowSentence | undefined): boolean =>
  s?.own === true && !s.question && !s.dangling && s.words >= 4 && s.part === 0;

/**
 * Can a run open with sentence `k`: an opener, or a paragraph of the chunk after the passage
 * (retrieval found the passage that leads up to it: "…a block of scrap." then "Last thing.
 * The first one takes about two hours").
 */
const opensRun = (all: readonly WindowSentence[], k: number): boolean => {
  const s = all[k];
  // A short reply right after the question it answers ("Someone asked my favourite wood. Cherry.").
  const before = all[k - 1];
  // Or right under the question heading it answers ("CAN I BRING MY DOG?" — "Sorry, no.").
  const asks =
    (before?.question === true && paragraphKey(before) === paragraphKey(s)) ||
    (before?.heading === true && endsWithQuestion(before.text));
  if (s?.part === 0 && s.own && !s.question && !s.dangling && asks) return true;
  if (s?.part !== 1) return opener(s);
  return opener({ ...s, part: 0 }) && paragraphKey(all[k - 1]) !== paragraphKey(s);
};

export interface Held {
  coverage: number;
  unknown: number;
  unsayable: number;
  focusHeld: number;
  topicalHeld: number;
}

/** For each sentence, which question terms it holds (by the index of the term in `context.terms`). */
function termFlags(all: readonly WindowSentence[], context: WindowContext): boolean[][] {
  return all.map((s) => {
    const terms = new Set(s.terms);
    return context.terms.map((t) => holdsTerm(terms, t));
  });
}

/**
 * A sentence announcing that what comes next is the point: "Now the clever part.", "Here's how
 * it works:", "This is the joint that made me fall in love with the craft."
 */
const ANNOUNCES =
  /^(?:(?:now|so|and|ok|okay),? )?(?:here's|here is|this is|that's) (?:the (?:\w+ )?(?:part|bit|trick|secret|thing|joint|reason|way|key)|how|why|what)\b|\bthe (?:clever|important|key|tricky|interesting|fun|best|hard) (?:part|bit)\b|:["'”’)]*$/i;

/** The lead (the last paragraph of the chunk before the passage) announces what the passage goes on to say. */
function announcesNext(all: readonly WindowSentence[]): boolean {
  return all.some((s) => s.part === -1 && ANNOUNCES.test(s.text.trim()));
}

/** Which question terms the question, heading or interviewer's line just before sentence `k` holds. */
function askedFlags(
  all: readonly WindowSentence[],
  flags: readonly boolean[][],
  k: number,
  count: number,
): boolean[] {
  const asked = new Array<boolean>(count).fill(false);
  for (let i = k - 1, leads = 0; i >= 0 && leads < 2; i--) {
    const s = all[i];
    if (!s || (s.own && !s.question && s.words >= 4)) break;
    // The chunk before ends in prose: a neighbour of the passage, not a question it answers,
    // unless it announces what follows ("Now the clever part. This is the joint… It needs no glue at all.").
    if (s.part === -1 && !s.question && !s.heading && !announcesNext(all)) break;
    if (!s.own || s.question) leads += 1;
    flags[i]?.forEach((f, t) => {
      if (f) asked[t] = true;
    });
  }
  return asked;
}

/** The question sentence sentence `k`'s paragraph answers ("From Marco: "What's the best glue?" For chairs…"), or -1. */
function questionOver(all: readonly WindowSentence[], k: number): number {
  for (let i = k; i >= 0 && paragraphKey(all[i]) === paragraphKey(all[k]); i--)
    if (all[i]?.question) return i;
  return -1;
}

/** `into[t] ||= from[t]` for every term. */
function orInto(into: boolean[], from: readonly boolean[] | undefined): void {
  from?.forEach((f, t) => {
    if (f) into[t] = true;
  });
}

/** What a run holds of the question, from where each term is: inside it, asked before it, beside it, in its passage. */
function heldFrom(
  context: WindowContext,
  inside: readonly boolean[],
  asked: readonly boolean[],
  beside: readonly boolean[],
  around: readonly boolean[],
  title: readonly boolean[],
): Held {
  const out: Held = { coverage: 0, unknown: 0, unsayable: 0, focusHeld: 0, topicalHeld: 0 };
  context.terms.forEach((t, k) => {
    const credit = inside[k]
      ? CREDIT.sentence
      : asked[k]
        ? CREDIT.asked
        : title[k]
          ? CREDIT.title
          : beside[k]
            ? CREDIT.neighbour
            : around[k]
              ? CREDIT.passage
              : 0;
    out.coverage += credit * t.weight;
    if (t.unknown) {
      if (t.topical) out.unknown += t.weight;
      else out.unsayable += t.weight;
    }
    if (credit >= CREDIT.asked && t.topical) {
      out.topicalHeld += 1;
      if (t.focus) out.focusHeld += 1;
    }
  });
  return out;
}

function held(
  all: readonly WindowSentence[],
  i: number,
  j: number,
  around: ReadonlySet<string>,
  title: ReadonlySet<string>,
  context: WindowContext,
): Held {
  const flags = termFlags(all, context);
  const n = context.terms.length;
  const inside = new Array<boolean>(n).fill(false);
  for (let k = i; k <= j; k++) orInto(inside, flags[k]);
  const beside = context.terms.map((_, t) => flags[i - 1]?.[t] === true || flags[j + 1]?.[t] === true);
  return heldFrom(
    context,
    inside,
    askedFlags(all, flags, i, n),
    beside,
    context.terms.map((t) => holdsTerm(around, t)),
    context.terms.map((t) => holdsTerm(title, t)),
  );
}

/** The question's terms asking for a price, once per question (every passage's window asks). */
const priceTerms = new WeakMap<WindowContext, readonly string[]>();
function priceTermsOf(context: WindowContext): readonly string[] {
  let terms = priceTerms.get(context);
  if (!terms) {
    const words = new Set(contentTerms(priceWords(context.question ?? '').join(' ')));
    terms = context.terms.filter((t) => [...t.forms].some((f) => words.has(f))).map((t) => t.term);
    priceTerms.set(context, terms);
  }
  return terms;
}

/**
 * A sentence giving the price asked ("Upright piano tuning: 78 pounds.") holds the question's
 * words asking for it ("What's your price for tuning…?") as if it said them: a price is
 * answered by the sum, not by a sentence that says "paying" or "charge".
 */
function withPriceWords(all: readonly WindowSentence[], context: WindowContext): readonly WindowSentence[] {
  if (!context.measure) return all;
  const asking = priceTermsOf(context);
  if (asking.length === 0) return all;
  return all.map((s) => (measures(s, context) ? { ...s, terms: [...new Set([...s.terms, ...asking])] } : s));
}

/**
 * The best short run (at most five sentences, opening cleanly) of passage `index` as the core
 * of an answer, scored by what it holds of the question and whether it states what is asked;
 * null when no sentence of it can open an answer. `rankShare` (0..1) is how much retrieval
 * trusts the passage.
 */
export function bestWindow(
  passage: Passage,
  index: number,
  context: WindowContext,
  rankShare: number,
  followUp = false,
): AnswerWindow | null {
  const all = withPriceWords(windowSentences(passage, context), context);
  // What the passage and its document are about: the terms of its title and of its own text.
  const title = new Set(contentTerms(passage.documentTitle));
  const around = new Set([...title, ...all.flatMap((s) => (s.part === 0 ? s.terms : []))]);
  const weight = context.terms.reduce((sum, t) => sum + t.weight, 0) || 1;
  const subjectless = !context.terms.some((t) => t.topical);
  const forms = new Set(context.terms.flatMap((t) => [...t.forms]));
  // "How do I make a sourdough starter?" in "Growing a Sourdough Starter From Nothing": the
  // document is the method asked for; the answer starts where the method does ("Day 1.",
  // "Step 1:"), whether or not its first step names the starter again.
  const subjects = context.terms.filter((t) => t.focus && t.topical);
  const titled = subjects.length > 0 && subjects.every((t) => holdsTerm(title, t));
  const titleAsks = context.intent.kind === 'steps' && titled;
  // The title asks the visitor's question itself, of the same kind ("How Often Should a Piano Be Tuned?").
  const titleAsksKind =
    titled &&
    context.intent.kind !== 'general' &&
    /\?/.test(passage.documentTitle) &&
    questionIntent(passage.documentTitle.toLowerCase()).kind === context.intent.kind;
  // A sentence under a heading that names what is asked is about it ("Squeeze-out. … Wait 20 minutes").
  const relevant = (s: WindowSentence): boolean =>
    s.terms.some((t) => forms.has(t)) ||
    (s.headed && s.section !== null && contentTerms(s.section).some((t) => forms.has(t)));
  // Per sentence, once: the weight of the question terms it holds itself, and whether it states what is asked.
  const sentenceWeights = all.map((s) => {
    const terms = new Set(s.terms);
    return context.terms.reduce((sum, t) => sum + (holdsTerm(terms, t) ? t.weight : 0), 0);
  });
  const stated = all.map((s) => statesAsked(s, context));
  // "Seagrass meadows store carbon… Ours covers about 3 hectares.": a sentence pointing back at
  // the one before it in its paragraph is about what that one is about. So is a step told right
  // after it ("Tired legs for a week… mean you're overreaching. Take three easy days.").
  const relevantAt = all.map((s, k) => {
    const before = all[k - 1];
    return (
      relevant(s) ||
      ((s.dangling || s.cues.has('steps')) &&
        before !== undefined &&
        paragraphKey(before) === paragraphKey(s) &&
        relevant(before))
    );
  });
  // The subjects the document's title does not already name ("gravel" in "Tyre Pressure…") carry
  // the thread of a run, the weightier of them.
  const untitled = context.terms.filter((t) => t.focus && t.topical && !holdsTerm(title, t));
  const heaviest = Math.max(0, ...untitled.map((t) => t.weight));
  const threadTerms = untitled.filter((t) => t.weight >= THREAD_SHARE * heaviest);
  const threadAt = all.map((s) => {
    const terms = new Set(s.terms);
    return threadTerms.some((t) => holdsTerm(terms, t));
  });
  // The lines listed under "Equal parts by volume:" are what it is made of.
  if (context.intent.kind === 'composition')
    for (let k = 1; k < all.length; k++)
      if (all[k]?.listLine && stated[k - 1] && (all[k - 1]?.listLine || all[k - 1]?.cues.has('composition')))
        stated[k] = true;
  // "How many bees are in one of your hives?" — "In midsummer, fifty or sixty thousand. In winter
  // it drops to maybe ten thousand.": the reply to an interviewer's question asking the same
  // measure gives it without naming its unit.
  const replies: boolean[] = [];
  all.forEach((s, k) => {
    const before = all[k - 1];
    const asks =
      before?.question === true &&
      context.measure != null &&
      askedMeasure(before.text)?.source === context.measure.source;
    const goesOn = replies[k - 1] === true && paragraphKey(before) === paragraphKey(s);
    replies.push((asks || goesOn) && COUNT.test(s.text));
  });
  replies.forEach((reply, k) => {
    if (reply) stated[k] = true;
  });
  const measuredAt = all.map((s, k) => measures(s, context) || replies[k] === true);
  const firstStated = all.findIndex((s, k) => s.part === 0 && s.own && stated[k] === true);
  // An amount said as the one to aim for ("I want 6 to 8 percent"), when that is what is asked.
  const targetAt = all.map(
    (s, k) =>
      context.intent.target === true &&
      (context.measure ? measuredAt[k] === true : s.cues.has('amount')) &&
      TARGET.test(s.text),
  );
  const flags = termFlags(all, context);
  const n = context.terms.length;
  const aroundFlags = context.terms.map((t) => holdsTerm(around, t));
  // A choice is answered about its head ("the best finish"), not about the rest ("cutting board").
  const head = headTerm(context.terms, context.intent.head);
  const headAt = head ? context.terms.indexOf(head) : -1;
  const titleFlags = context.terms.map((t) => holdsTerm(title, t));
  // The heading of a sentence's section counts as a title over it (chunks carry their section's heading).
  const sectionFlags = new Map<string, boolean[]>();
  const underSection = (s: WindowSentence | undefined): boolean[] => {
    if (!s?.section) return titleFlags;
    let flags = sectionFlags.get(s.section);
    if (!flags) {
      const terms = new Set(contentTerms(s.section));
      flags = context.terms.map((t, k) => titleFlags[k] === true || holdsTerm(terms, t));
      sectionFlags.set(s.section, flags);
    }
    return flags;
  };
  const askedAgainst = NEGATING.test(context.question ?? '');
  const mirrors = mirroredPhrases(context.question ?? '');
  const mirroredAt = all.map((s) => mirrors.some((m) => m.test(s.text)));
  // "…without glue?": a sentence saying so ("It needs no glue at all.") restates the question's
  // condition, in the run or just before it (the line announcing the run).
  const absences = context.terms
    .filter((t) => t.absent)
    .map(
      (t) =>
        new RegExp(
          `\\b(?:no|without|never)\\s+(?:[\\p{L}-]+\\s+)?${t.term.replace(/[^\p{L}\p{N}-]/gu, '')}`,
          'iu',
        ),
    );
  const absenceAt = all.map((s) => absences.some((a) => a.test(s.text)));
  // Said in the previous answer and not stating what the follow-up asks: only leads into it again.
  const heardAt = all.map((s, k) => context.heard?.has(normaliseSentence(s.text)) === true && !stated[k]);
  let best: AnswerWindow | null = null;
  for (let i = 0; i < all.length; i++) {
    if (!opensRun(all, i)) continue;
    if (all[i]?.part === 1 && passage.next && context.retrieved?.has(passage.next.chunkId)) continue;
    const askedAt = askedFlags(all, flags, i, n);
    const asked = askedAt.some(Boolean);
    const inside = new Array<boolean>(n).fill(false);
    let words = 0;
    // A run that goes on into the next paragraph starts at its own paragraph's start: never the
    // tail of one section stitched to the next ("…the kit comes to 220 dollars." + the angles).
    // A post of collected posts never runs on into the next post.
    const opensParagraph =
      !SOCIAL.has(passage.documentType) && (i === 0 || paragraphKey(all[i - 1]) !== paragraphKey(all[i]));
    for (let j = i, counted = 0; j < all.length; j++) {
      const last = all[j];
      if (!last?.own) break;
      // "They lock.": a short sentence finishes the one before more than it adds one.
      if (last.words >= SHORT_SENTENCE_WORDS || last.listLine) {
        if (counted >= CORE_SENTENCES) break;
        counted += 1;
      }
      if (!opensParagraph && paragraphKey(last) !== paragraphKey(all[i])) break;
      words += last.words;
      if (j > i && words > CORE_WORDS) break;
      orInto(inside, flags[j]);
      const beside = context.terms.map((_, t) => flags[i - 1]?.[t] === true || flags[j + 1]?.[t] === true);
      const sentences = all.slice(i, j + 1);
      const headHeld =
        headAt < 0 || inside[headAt] === true || askedAt[headAt] === true || beside[headAt] === true;
      const h = heldFrom(context, inside, askedAt, beside, aroundFlags, underSection(all[i]));
      // "What would you buy?" is not answered from the section "What not to buy yet".
      // A heading asking a question ("CAN I SKIP A WEEK?") asks; the sentences under it answer.
      const section = all[i]?.section ?? '';
      const against = !askedAgainst && NEGATING.test(section) && !endsWithQuestion(section);
      // "How does a chair hold together without glue?" is not answered by the answer to "What's
      // the best glue for chairs?": the question or heading over the run asks about what is absent.
      const absenceLeads = absenceAt.slice(Math.max(0, i - LEAD_SENTENCES), i).some(Boolean);
      const over = questionOver(all, i);
      const answersAbsent = context.terms.some(
        (t, k) =>
          t.absent === true &&
          ((askedAt[k] === true && !absenceLeads) ||
            (flags[over]?.[k] === true && absenceAt[over] !== true) ||
            (underSection(all[i])[k] === true && !titleFlags[k])),
      );
      // A question with no terms of its own ("Where are you based?") is answered by the kind of fact it asks.
      // So is one whose words only frame it ("What did you do for work before the bees?").
      const share = subjectless ? 1 : h.coverage / weight;
      const stating = headHeld ? sentences.filter((_, k) => stated[i + k]) : [];
      // A sentence stating what is asked about what is asked ("The first one takes two hours").
      // Or the answer to an interviewer's question that holds them ("So how high should it be?").
      // What something is made of ("Equal parts by volume:") under a title or heading naming it.
      const makeup =
        context.intent.kind === 'composition' &&
        sentences.some((s) => s.cues.has('composition')) &&
        context.terms.some((t, k) => t.focus && t.topical && (inside[k] || underSection(all[i])[k]));
      // Or the answer to the very question asked, put to the creator before ("Someone asked what bike I ride.").
      // Every word of the visitor's question but its framing ones ("What bike do you ride?").
      // Or the section whose heading, under its document's title, names it ("After a wet ride" in
      // "Chain Care" for "What should I do with my chain after riding in the rain?").
      const headingAsks =
        all[i - 1]?.heading === true &&
        context.terms.filter((t, k) => t.focus && t.topical && flags[i - 1]?.[k] === true).length >= 2;
      const sameQuestion =
        (all[i - 1]?.question === true || headingAsks) &&
        context.terms.some((t) => t.focus && t.topical) &&
        context.terms.every(
          (t, k) =>
            !t.focus || t.framing || flags[i - 1]?.[k] === true || (headingAsks && titleFlags[k] === true),
        );
      const anchored =
        headHeld &&
        (sentences.some((_, k) => stated[i + k] === true && relevantAt[i + k] === true) ||
          (context.terms.length === 0 && stating.length > 0) ||
          (asked && stated[i] === true) ||
          makeup ||
          sameQuestion);
      const measured =
        measuredAt.slice(i, j + 1).some(Boolean) ||
        (context.intent.earlier === true && sentences.some((s) => s.cues.has('earlier'))) ||
        makeup;
      const densest = Math.max(0, ...sentenceWeights.slice(i, j + 1));
      // A run announced as the answer (by an interviewer's question, or "Now the clever part. … It
      // needs no glue at all.") carries its thread up to the last sentence holding one of the
      // question's weightier subjects ("…shrinks around the tenon. They lock."): the sentences
      // on the way are the explanation, not fluff. A thread is held by a subject the document's
      // title does not already name, not by a word every sentence of it uses.
      const threadEnd = asked ? sentences.findLastIndex((_, k) => threadAt[i + k] === true) : -1;
      // The steps of a method asked for are its explanation, not fluff.
      const method = titleAsks && startsSequence(all, i);
      // "How often should my piano be tuned?" in "How Often Should a Piano Be Tuned?": the
      // document's first sentence saying what is asked ("…, twice a year.") is its short answer.
      const shortAnswer = titleAsksKind && passage.position === 0 && i === firstStated;
      const fluff = method
        ? 0
        : sentences.filter((s, k) => !(k === 0 && asked) && !relevant(s) && !stated[i + k] && k > threadEnd)
            .length;
      const score =
        h.coverage +
        (followUp ? WEIGHTS.followUpCue : WEIGHTS.cue) * weight * share * Math.min(stating.length, 2) * 0.25 +
        (anchored ? WEIGHTS.anchored * weight * share : 0) +
        (sameQuestion ? WEIGHTS.sameQuestion * weight : 0) +
        (method || shortAnswer ? WEIGHTS.sequence * weight : 0) +
        (targetAt.slice(i, j + 1).some(Boolean) ? WEIGHTS.target * weight * share : 0) +
        (measured ? WEIGHTS.measure * weight * share : 0) +
        WEIGHTS.density * densest +
        // An answer that opens on what is asked about ("I'm a pharmacist - …") over one that gets there.
        // Or on the line after the heading or question naming it ("ON SCHOLARSHIPS Each year two…").
        (context.terms.some((t, k) => t.focus && t.topical && (flags[i]?.[k] || askedAt[k]))
          ? WEIGHTS.opensOnSubject * weight
          : 0) +
        WEIGHTS.rank * weight * rankShare -
        WEIGHTS.fluff * weight * fluff -
        WEIGHTS.listLine * weight * sentences.filter((s) => s.listLine).length -
        (last.part === 1 ? WEIGHTS.crossing * weight : 0) -
        (all[i]?.part === 1 ? WEIGHTS.nextOpening * weight : 0) -
        (against ? WEIGHTS.againstSection * weight : 0) -
        (answersAbsent ? WEIGHTS.answersAbsent * weight : 0) -
        // Unless the run can open on the sentence after it (which trimTense does), the tense counts against it.
        (otherTense(all[i], context.intent) &&
        !(j > i && opener(all[i + 1]) && !otherTense(all[i + 1], context.intent))
          ? WEIGHTS.tense * weight
          : 0) +
        (mirroredAt.slice(i, j + 1).some(Boolean) ||
        absenceAt.slice(Math.max(0, i - LEAD_SENTENCES), j + 1).some(Boolean)
          ? WEIGHTS.mirror * weight
          : 0) -
        WEIGHTS.heard * weight * heardAt.slice(i, j + 1).filter(Boolean).length -
        // A question about the visitor's work ("how do you price a table?") is answered by what the
        // creator does, not by an anecdote of what they once did ("When I took my first commission…").
        (!context.intent.aboutCreator && all[i]?.cues.has('past') ? WEIGHTS.anecdote * weight : 0);
      if (!best || score > best.score)
        best = {
          passage: index,
          documentType: passage.documentType,
          all,
          around,
          title,
          span: [i, j],
          leadIn: i,
          sentences,
          ...h,
          cued: stating.length > 0,
          score,
        };
    }
  }
  if (!best) return null;
  // A method told from its first step is not opened further on.
  if (titleAsks && startsSequence(all, best.span[0])) return best;
  return trimTense(
    leadWithAnswer(
      best,
      (k) => stated[k] === true,
      context,
      (k) => measuredAt[k] === true,
    ),
    context.intent,
  );
}

/**
 * The window opened past a first sentence in another tense than the question ("I'm a pharmacist -
 * I don't do anything without a plan." before "I saved up enough to live on for three years…"):
 * what it holds of the question still counts as leading up to the answer (`leadIn`).
 */
function trimTense(window: AnswerWindow, intent: QuestionIntent): AnswerWindow {
  const [i, j] = window.span;
  const next = window.all[i + 1];
  if (j <= i || !otherTense(window.all[i], intent) || !opener(next) || otherTense(next, intent))
    return window;
  return {
    ...window,
    span: [i + 1, j],
    leadIn: Math.min(window.leadIn, i),
    sentences: window.all.slice(i + 1, j + 1),
  };
}

/** A sentence this short with no clause ("14 pounds a week.") is a fragment of the one before. */
const FRAGMENT_WORDS = 6;

/**
 * The window opened at the sentence that states what is asked (or the sentence just before it
 * when it points back): "open with the answer", not with the sentences that lead up to it.
 */
function leadWithAnswer(
  window: AnswerWindow,
  states: (k: number) => boolean,
  context: WindowContext,
  measured: (k: number) => boolean,
): AnswerWindow {
  const [i, j] = window.span;
  let m = i;
  while (m <= j && !states(m)) m += 1;
  // Of several sentences stating a price, the one about what is asked ("Week-long classes: 1,450
  // dollars" for the week-long class, not the weekend's 425 listed first): a later one holding
  // the question's weightiest subject when the first does not — and giving the measure asked
  // when the first does ("fifty or sixty thousand", not "a worker lives about six weeks").
  const subjects = context.terms.filter((t) => t.focus && t.topical);
  // A hyphenated word weighs with its parts ("week-long": "week" and "long" too).
  const standing = (t: QuestionTerm): number => {
    const parts = new Set(compoundParts(t.term));
    return t.weight + subjects.filter((p) => parts.has(p.term)).reduce((sum, p) => sum + p.weight, 0);
  };
  const weightiest = subjects.reduce<QuestionTerm | undefined>(
    (a, t) => (a && standing(a) >= standing(t) ? a : t),
    undefined,
  );
  const holdsWeightiest = (k: number): boolean =>
    weightiest !== undefined && holdsTerm(new Set(window.all[k]?.terms ?? []), weightiest);
  // Or the sentence naming it that a price right after it finishes ("Guided Dip: a coached group
  // swim… 90 minutes, 18 pounds."), not the First Dip's price before it; the run then goes on to
  // that price.
  const labels = (k: number): boolean =>
    holdsWeightiest(k) &&
    opener(window.all[k]) &&
    window.all[k + 1]?.own === true &&
    measured(k + 1) &&
    paragraphKey(window.all[k]) === paragraphKey(window.all[k + 1]);
  let end = j;
  if (m <= j && !holdsWeightiest(m) && !(m > i && labels(m - 1)))
    for (let k = m + 1; k <= j; k++) {
      if (states(k) && holdsWeightiest(k) && (!measured(m) || measured(k))) {
        m = k;
        break;
      }
      if (measured(m) && labels(k)) {
        m = k;
        end = Math.max(j, k + 1);
        break;
      }
    }
  if (m > j || m === i) return window;
  // "Small box: 6 different veg… 14 pounds a week.": a fragment with no clause of its own goes on
  // from the sentence before it, which it cannot lead without.
  const stating = window.all[m];
  if (
    stating &&
    stating.words <= FRAGMENT_WORDS &&
    !CLAUSE.test(stating.text) &&
    paragraphKey(window.all[m - 1]) === paragraphKey(stating)
  )
    return window;
  let start = m;
  while (start > m - 2 && start > i && !opener(window.all[start])) start -= 1;
  if (start === i || !opener(window.all[start])) return window;
  // Only sentences whose question terms the rest of the run also holds are left out.
  const rest = new Set(window.all.slice(start, end + 1).flatMap((s) => s.terms));
  const dropped = new Set(window.all.slice(i, start).flatMap((s) => s.terms));
  // Not the earlier question's ("And the biggest one?" after the small box: not the small one).
  if (context.terms.some((t) => t.focus && holdsTerm(dropped, t) && !holdsTerm(rest, t))) return window;
  return { ...window, span: [start, end], sentences: window.all.slice(start, end + 1) };
}

/**
 * The passage only mentions `term` in passing: one sentence of it holds the term, and neither its
 * document's title nor its section's heading does ("…thinner than you'd get from rough stock" is
 * not about stocks).
 */
export function mentionsInPassing(
  window: AnswerWindow,
  term: QuestionTerm,
  others: readonly QuestionTerm[] = [],
): boolean {
  if (holdsTerm(window.title, term)) return false;
  const section = window.sentences[0]?.section;
  if (section && holdsTerm(new Set(contentTerms(section)), term)) return false;
  const holding = window.all.filter((s) => s.part === 0 && holdsTerm(new Set(s.terms), term));
  // Unless the one sentence naming it says the rest of what is asked with it ("Do you sell your
  // furniture?" — "very few furniture makers live entirely on commissions"): about the question.
  const withTheRest = (s: WindowSentence): boolean => {
    const terms = new Set(s.terms);
    return others.length > 0 && others.every((t) => holdsTerm(terms, t));
  };
  return holding.length === 0 || (holding.length === 1 && !holding.some(withTheRest));
}

/** What sentences [i, j] of `window`'s passage hold of the question. */
export function heldByWindow(window: AnswerWindow, i: number, j: number, context: WindowContext): Held {
  return held(window.all, i, j, window.around, window.title, context);
}

/**
 * Grows `window` with the sentences after it in its passage (before it only when too short)
 * until it reads as an answer of `minWords` words — and on while it has not yet stated what
 * is asked, or while the next sentence still speaks to the question, up to `fullWords` —
 * never past `maxWords`, never opening with a sentence that points back, never ending on a
 * question.
 */
export function growWindow(
  window: AnswerWindow,
  context: WindowContext,
  lengths: { minWords: number; fullWords: number; maxWords: number },
): { sentences: WindowSentence[]; span: [number, number] } {
  const { all } = window;
  let [i, j] = window.span;
  const termSet = new Set(context.terms.flatMap((t) => [...t.forms]));
  const relevant = (s: WindowSentence): boolean =>
    s.terms.some((t) => termSet.has(t)) || statesAsked(s, context);
  let words = all.slice(i, j + 1).reduce((sum, s) => sum + s.words, 0);
  // Each paragraph of collected posts is a post of its own: an answer stays inside one.
  const posts = SOCIAL.has(window.documentType);
  const paragraph = (s: WindowSentence | undefined): string => `${s?.part}:${s?.paragraph}`;
  const home = paragraph(all[i]);
  const fits = (s: WindowSentence | undefined): s is WindowSentence =>
    s?.own === true && words + s.words <= lengths.maxWords && (!posts || paragraph(s) === home);
  const wantsCue = context.intent.kind !== 'general' || context.measure;
  let stated = all.slice(i, j + 1).some((s) => statesAsked(s, context));
  for (let next = all[j + 1]; ; next = all[j + 1]) {
    // "What's in it and how do you apply it?": on over the heading naming the second question
    // ("Application") into the section that answers it.
    const heading =
      context.intent.also !== undefined && next?.heading === true && next.part === 0 && relevant(next);
    if (heading && words < lengths.maxWords && fits({ ...all[j + 2], words: 0 } as WindowSentence)) {
      j += 1;
      continue;
    }
    // "Ha." "OK." between two sentences of the answer: passed over, never quoted.
    if (next?.noise && next.part === all[j]?.part && j + 2 < all.length && fits(all[j + 2])) {
      j += 1;
      continue;
    }
    if (!fits(next)) break;
    const unstated = wantsCue && !stated;
    // A question asking two things is answered more fully: on to the full length.
    const full = context.intent.also !== undefined ? lengths.maxWords : lengths.fullWords;
    const wanted = relevant(next) || context.intent.also !== undefined;
    if (words >= lengths.minWords && !unstated && !(words < full && wanted)) break;
    j += 1;
    words += next.words;
    stated ||= statesAsked(next, context);
  }
  // Back only within the answer's own paragraph: the sentence before it may close another
  // section ("…the whole kit comes to about 220 dollars." before "Angles." and the angles).
  // Never back to what the visitor has just heard.
  while (
    words < lengths.minWords &&
    opener(all[i - 1]) &&
    !context.heard?.has(normaliseSentence(all[i - 1]?.text ?? '')) &&
    !otherTense(all[i - 1], context.intent) &&
    fits(all[i - 1]) &&
    paragraph(all[i - 1]) === paragraph(all[i])
  ) {
    i -= 1;
    words += all[i]?.words ?? 0;
  }
  // Never ending on a question, nor on the label opening a paragraph the run does not go on into
  // ("…quick to refresh." + "Setting the projection."), nor on a promise of more elsewhere.
  while (j > i && (all[j]?.question || opensLabel(all, j) || DEFERS.test(all[j]?.text ?? ''))) j -= 1;
  return { sentences: all.slice(i, j + 1), span: [i, j] };
}

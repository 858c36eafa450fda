/**
 * @module A passage read as sentences, each with what composing an answer needs whatever the
 * question: its terms and cues, who says it (a transcript's "HOST (Dee Okafor):" or
 * "JUNIPER:" label, a quotation), whether it opens by pointing back. The costly, question-free
 * part of composing, kept for the passages read most recently.
 */
import { LruMap } from '../lru-map';
import { countWords, endsWithQuestion, splitSentences } from '../text/sentences';
import { contentTerms } from '../text/terms';
import { type Cue, opensWithReference, sentenceCues } from './sentence-cues';
import { isName } from './tidy-sentence';

export interface PassageSentence {
  /** The sentence as written, without its speaker label. */
  text: string;
  /** The speaker label's words in lowercase ("host dee okafor", "juniper"); null when unlabelled. */
  speaker: string | null;
  /** Inside quotation marks: someone else's words (a listener's question). */
  quoted: boolean;
  /** Its content terms (stems), in order of first appearance. */
  terms: readonly string[];
  words: number;
  /** Ends with a question mark, or reports one put to the creator ("Someone asked what bike I ride."). */
  question: boolean;
  /** A greeting to an audience, a sign-off or a plea to subscribe. */
  noise: boolean;
  /** Opens with a pronoun, demonstrative or connective pointing at what came before. */
  dangling: boolean;
  /** Says I, me, my, we or our. */
  firstPerson: boolean;
  cues: ReadonlySet<Cue>;
  /** Index of its paragraph in the passage. */
  paragraph: number;
  /** A heading ("Lead times", "SCHOLARSHIPS"): it says what the sentences after it are about. */
  heading: boolean;
  /** A "label: value" line of a list or cheat sheet rather than prose. */
  listLine: boolean;
  /** The heading of the section it is in ("What not to buy yet"); null before any heading. */
  section: string | null;
  /**
   * It is the paragraph its section's label opens ("Squeeze-out. Don't wipe it…"), or the
   * paragraph right under its heading: what the heading names is what it is about.
   */
  headed: boolean;
}

/** A transcript speaker label at the start of a paragraph: "DEE:", "HOST (Dee Okafor):". */
const SPEAKER = /^([A-Z][A-Z.'’ -]{0,40}?)(?:\s*\(([^)]{1,60})\))?:\s+/;
/** A name in a speaker label's parentheses ("Dee Okafor"), not a gloss ("Firsts and Seconds"). */
const NAME = /^\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,3}$/u;
const NOISE =
  /^(?:ha|haha|ok|okay|hmm+|um+|uh+|oh|right|well|sure)[.!]?$|^(hi|hello|hey|welcome|thanks for (watching|listening)|thank you|subscribe|go make some|see you (next time|out there)|that's it for|(so )?here's (exactly )?(what|how) (I|we|you)\b|this (post|video|episode|article) is about|in this (post|video|episode|article)\b|today (I'm|we're|I am|we are) going to|let's (get started|go|dive in))\b/i;
const FIRST_PERSON = /\b(I|I'm|I've|I'd|I'll|me|my|mine|we|our|us)\b/;
/** "Don't apologise for it.": a short sentence whose object is something said before it. */
const POINTS_BACK_AT_END = /\b(?:it|that|this|them|those|these)[.!…]*["'”’)]*$/i;
/** "Squeeze-out.", "Wood choice.": one or two words labelling the paragraph they open; not "Yes." */
const PARAGRAPH_LABEL =
  /^(?!(?:yes|no|sure|right|ok|okay|mostly|nope|yep|exactly|absolutely|never|always)\b)[\p{L}-]+(?: [\p{L}-]+)?[.:]$/iu;
/** "he", "she", "him", "his", "her": someone the sentence must have named first. */
const HE_OR_SHE = /\b(?:he|she|him|his|her|hers)\b/i;
/** Someone named: a capitalised word past the first ("Arlo", "Ted"), or "my grandfather". */
const SOMEONE =
  /(?<=\s)\p{Lu}\p{Ll}+|\b(?:my|our|a|the) (?:grandfather|grandmother|father|mother|dad|mum|mom|brother|sister|wife|husband|partner|friend|teacher|mentor|boss|client|student|neighbour|neighbor|colleague|son|daughter|uncle|aunt)\b/u;

/**
 * "I grew up on a sheep farm, and he was the one who fixed everything": a "he" or "she" whom the
 * sentence has not named before it points back at someone an answer opening here leaves out.
 */
function namesNoOneBeforeHeOrShe(sentence: string): boolean {
  const at = HE_OR_SHE.exec(sentence)?.index;
  if (at === undefined) return false;
  return !SOMEONE.test(sentence.slice(0, at)) && !opensOnName(sentence);
}

/** "Walter taught me for five years, until he died": the sentence names him first. */
function opensOnName(sentence: string): boolean {
  const first = /^(\p{Lu}\p{Ll}+)\s+\p{Ll}/u.exec(sentence)?.[1];
  return first !== undefined && isName(first);
}

/**
 * "March 3 - Someone asked what bike I ride.": a question put to the creator, reported; what
 * follows answers it, as an interviewer's question is answered.
 */
const REPORTED_QUESTION =
  /^(?:[\p{L}\d ,]{1,24} - )?(?:someone|somebody|people|a (?:reader|student|viewer|listener|rider|client|customer)|readers|students|viewers|listeners) (?:asked|asks|ask)(?: me)? (?:what|which|how|why|when|where|who|whether|if)\b/iu;

/** A paragraph without an end mark is a heading unless it is long or a "label: value" line. */
const ENDS = /[.!?…]["'”’)\]]*$/;

type ParagraphKind = 'prose' | 'list' | 'heading';

/**
 * What a paragraph is: prose, a line of a list ("label: value", or a short line without an end
 * mark right after another line without one: "24 hours between coats"), or a heading (a short
 * line without an end mark after a sentence, or one in capitals). `afterLine`: the paragraph
 * before it has no end mark either.
 */
function paragraphKind(paragraph: string, afterLine: boolean): ParagraphKind {
  if (ENDS.test(paragraph) || countWords(paragraph) >= 12) return 'prose';
  const capitals = /\p{Lu}.*\p{Lu}/u.test(paragraph) && paragraph === paragraph.toUpperCase();
  if (countWords(paragraph) >= 5 && paragraph.includes(':') && !capitals) return 'list';
  if (!capitals && afterLine) return 'list';
  return 'heading';
}

/** "WHAT COACHING COSTS One-to-one coaching is…": a capitals heading run into its first line. */
const CAPS_HEADING = /^((?:[A-Z0-9][A-Z0-9'’&,?-]*\s+)*[A-Z0-9][A-Z0-9'’&,?-]{3,})\s+(?=[A-Z][a-z])/;

/** The passage's paragraphs, a capitals heading run into a paragraph made a paragraph of its own. */
/** "[ ] Bevel-edge chisels: 1/4, 3/8…", "- Big sets of anything.": a checklist or bullet line. */
const BULLET = /^\s*(?:\[[ xX✓✔]?\]|[-*•])\s+/;
const CHECKBOX = /\[[ xX✓✔]?\]\s/;
const CHECKBOXES = /\s*\[[ xX✓✔]?\]\s+/;

function paragraphs(text: string): string[] {
  // Each line of a checklist is a line of its own, without its box: never run into the next line.
  const blocks = text
    .split(/\n{2,}/)
    .flatMap((raw) =>
      raw.split('\n').some((line) => BULLET.test(line))
        ? raw.split('\n').flatMap((line) => (line.trim() ? [line.replace(BULLET, '')] : []))
        : [raw],
    )
    // Checklist lines the import ran together ("[ ] Block plane [ ] Dovetail saw…"): one each.
    .flatMap((raw) => (CHECKBOX.test(raw) ? raw.split(CHECKBOXES).filter((line) => line.trim()) : [raw]));
  return blocks.flatMap((raw) => {
    const heading = CAPS_HEADING.exec(raw.trim());
    return heading?.[1] ? [heading[1], raw.trim().slice(heading[0].length)] : [raw];
  });
}

function analyse(text: string): PassageSentence[] {
  const out: PassageSentence[] = [];
  let section: string | null = null;
  let afterLine = false;
  let headingParagraph = -2;
  paragraphs(text).forEach((raw, paragraph) => {
    let body = raw.trim();
    let speaker: string | null = null;
    const label = SPEAKER.exec(body);
    // "FAS (Firsts and Seconds): the top grade." is a glossary line, not someone speaking; nor is
    // "PIANO LESSONS: WHAT DO THEY COST?", a heading in capitals.
    const spoken = label !== null && /\p{Ll}/u.test(body.slice(label[0].length));
    if (label && spoken && (label[2] === undefined || NAME.test(label[2].trim()))) {
      speaker = `${label[1] ?? ''} ${label[2] ?? ''}`.toLowerCase().replace(/\s+/g, ' ').trim();
      body = body.slice(label[0].length);
    }
    const kind = paragraphKind(body, afterLine);
    afterLine = !ENDS.test(body);
    let open = false;
    const sentences = kind === 'heading' ? [body] : splitSentences(body);
    // "Squeeze-out. Don't wipe it while it's wet…": a label opening a paragraph heads the paragraph.
    const [first] = sentences;
    const labelled = sentences.length > 1 && first !== undefined && PARAGRAPH_LABEL.test(first);
    const outer = section;
    sentences.forEach((sentence, k) => {
      if (labelled && k === 1) section = (first ?? '').replace(/[.:]$/, '');
      const quotes = (sentence.match(/["“”]/g) ?? []).length;
      const quoted = open || (quotes > 0 && /^["“]/.test(sentence));
      if (quotes % 2 === 1) open = !open;
      // A line in capitals ("DO YOU COACH BEGINNERS?") is a heading, whatever its end mark.
      const heading =
        kind === 'heading' || (/\p{Lu}.*\p{Lu}/u.test(sentence) && sentence === sentence.toUpperCase());
      if (heading && speaker === null) {
        section = sentence;
        headingParagraph = paragraph;
      }
      out.push({
        text: sentence,
        speaker,
        quoted: quoted || (open && quotes > 0),
        terms: contentTerms(sentence),
        words: countWords(sentence),
        question: endsWithQuestion(sentence) || REPORTED_QUESTION.test(sentence),
        noise: NOISE.test(sentence),
        dangling:
          opensWithReference(sentence) ||
          (countWords(sentence) <= 6 && POINTS_BACK_AT_END.test(sentence)) ||
          namesNoOneBeforeHeOrShe(sentence),
        firstPerson: FIRST_PERSON.test(sentence),
        cues: sentenceCues(sentence),
        paragraph,
        heading,
        listLine: kind === 'list',
        section: heading ? null : section,
        headed: !heading && section !== null && ((labelled && k > 0) || headingParagraph === paragraph - 1),
      });
    });
    if (labelled) section = outer;
  });
  return out;
}

const cache = new LruMap<string, readonly PassageSentence[]>(1_000);

/** The sentences of a passage (headings marked), analysed once per passage text. */
export function passageSentences(text: string): readonly PassageSentence[] {
  let sentences = cache.get(text);
  if (!sentences) {
    sentences = analyse(text);
    cache.set(text, sentences);
  }
  return sentences;
}

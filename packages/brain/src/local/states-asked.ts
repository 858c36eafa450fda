/**
 * @module Whether a sentence states what a question asks for (issue 8): the kind of fact asked
 * (an amount, a time, a reason…, question-intent.ts) in the kind of words that state it
 * (sentence-cues.ts), a formula for "how do you calculate", a wait or a condition for "when
 * should I", the definition of the very term asked; and the creator's own words for what the
 * visitor asks of them ("your own bench" → "my own bench").
 */
import { compoundParts, contentTerms, stem } from '../text/terms';
import { asksMoney } from './answer-measure';
import type { WindowContext, WindowSentence } from './answer-window';
import type { QuestionIntent } from './question-intent';
import type { QuestionTerm } from './question-terms';
import type { Cue } from './sentence-cues';

/** The last parts of compounds, stemmed: "farm*house*", "work*shop*", "bee*keeper*", "wood*land*". */
const COMPOUND_HEAD = /^(?:hous|shop|keep|keeper|land|yard|field|room|stead|way)$/;

/** `word` is a compound whose first part is `part` ("farmhous" of "farm"). */
const compoundOf = (word: string, part: string): boolean =>
  part.length >= 3 &&
  word.length > part.length + 2 &&
  word.startsWith(part) &&
  COMPOUND_HEAD.test(word.slice(part.length));

/** Does `terms` hold question term `t` (or one of its synonyms)? */
export const holdsTerm = (terms: ReadonlySet<string>, t: QuestionTerm): boolean => {
  for (const f of t.forms) if (terms.has(f)) return true;
  // "the farm" is held by "a farmhouse", "bees" by "beekeeper".
  for (const word of terms) if (compoundOf(word, t.term)) return true;
  // "hand-tool" is held by "hand tools" as by "hand-tool work": a compound by all of its parts.
  const parts = compoundParts(t.term);
  return parts.length > 1 && parts.every((p) => terms.has(p));
};

/** "your own bench", "do you ride": what the visitor asks of the creator, as the creator says it. */
const YOUR = /\byour (own )?([\p{L}-]{3,})/giu;
const YOU_DO = /\b(?:do|did|would|will|can) you (?:\p{L}+ly )?([\p{L}-]{3,})/giu;

/** "Who taught you…?", "who trained you?": the creator as the one taught. */
const TAUGHT_YOU = /\b(?:taught|trained|mentored|teach|train) you\b/i;

/** What the visitor asks not to do: "shouldn't I open", "what not to feed", "should I never cut". */
const NOT_TO =
  /\b(?:shouldn['’]t|should not|mustn['’]t|must not|never|not to|should (?:i|you|we) (?:not|never))\s+(?:i\s+|you\s+|we\s+)?([\p{L}-]{3,})/giu;

/** A condition of the question: "before I cut joints", "after a wet ride". */
const CLAUSE = /\b(before|after|during|until)\s+((?:[\p{L}'’-]+\s*){1,5})/giu;

/**
 * Patterns of the creator's own words for what the question asks of them: "How tall is your own
 * bench?" → "my own bench"; "What bike do you ride?" → "I ride". An answer in the creator's words
 * about their own bench beats one about benches in general.
 */
export function mirroredPhrases(question: string): RegExp[] {
  const out: RegExp[] = [];
  for (const m of question.matchAll(YOUR)) {
    const word = m[2] ?? '';
    out.push(
      new RegExp(`\\bmy ${m[1] ? 'own ' : '(?:own )?'}${stem(word).replace(/[^\p{L}-]/gu, '')}`, 'iu'),
    );
  }
  // "before I cut joints" → "before I start cutting joints": the question's condition, restated.
  for (const m of question.matchAll(CLAUSE)) {
    const stems = contentTerms(m[2] ?? '').map((t) => t.replace(/[^\p{L}\p{N}-]/gu, ''));
    if (stems.length < 2) continue;
    out.push(new RegExp(`\\b${m[1]}\\b${stems.map((t) => `[^.!?]{0,40}?\\b${t}`).join('')}`, 'iu'));
  }
  // "When shouldn't I open my hive?" → "Never open a hive in the rain": the warning, as given.
  for (const m of question.matchAll(NOT_TO)) {
    const word = stem(m[1] ?? '').replace(/[^\p{L}-]/gu, '');
    out.push(
      new RegExp(`\\b(?:never|don['’]t|do not|mustn['’]t|must not|avoid)\\s+(?:\\p{L}+\\s+)?${word}`, 'iu'),
    );
  }
  // "Who taught you to throw?" → "He taught me to centre", "My teacher that year sent me to Bernard".
  if (TAUGHT_YOU.test(question))
    out.push(
      /\b(?:taught|trained|mentored|showed) me\b|\bmy (?:first )?(?:teacher|mentor|master|tutor)\b|\b(?:learned|learnt) (?:\p{L}+ ){0,4}from\b/iu,
    );
  for (const m of question.matchAll(YOU_DO)) {
    const word = m[1] ?? '';
    out.push(new RegExp(`\\bI (?:\\p{L}+ly )?${stem(word).replace(/[^\p{L}-]/gu, '')}`, 'iu'));
  }
  return out;
}

/** A section heading that turns its sentences against what they say: "What not to buy yet", "Mistakes". */
export const NEGATING = /\b(?:not|don'?t|never|avoid|skip|mistakes?|myths?|wrong)\b/i;

/** The cues that answer each kind of question: "how much sleep" is answered by "eight hours". */
const ANSWERED_BY: Record<QuestionIntent['kind'], readonly Cue[]> = {
  amount: ['amount', 'duration'],
  duration: ['duration'],
  frequency: ['frequency'],
  time: ['time'],
  steps: ['steps'],
  reason: ['reason'],
  person: ['person'],
  place: ['place'],
  choice: ['choice'],
  definition: ['definition'],
  composition: ['composition'],
  general: [],
};

/** A formula or a calculation: "= thickness x width x length / 144", "multiply it by 0.95". */
const FORMULA = /\s=\s|\d\s?x\s?\d.*\/\s?\d|\)\s?x\s?\(|\b(?:multiply|divide|multiplied|divided)\b/i;

/** "before a race", "after a wet ride", "during a long ride": when the question asks about. */
const RELATION = /\b(before|after|during)\s+(?:a|an|the|my|your|each|every|long|hard|wet)\b/i;

/** A condition a step waits for: "when it reaches 0.5 percent", "until it's rubbery". */
const CONDITION = /\b(?:when|once|until|as soon as) (?:it|it's|they|they're|you|the|your)\b/i;

/** "FAS (Firsts and Seconds): the top grade", "S4S means…": what a definition defines. */
const DEFINED = /^(.{1,60}?)(?:\s*\(|:\s|\s(?:means|stands for|is short for)\b)/;

/**
 * A definition of what was asked: "FAS (Firsts and Seconds): the top grade", not "Select:
 * similar to FAS…" (a definition of something else that mentions it).
 */
function defines(s: WindowSentence, context: WindowContext): boolean {
  const head = DEFINED.exec(s.text)?.[1];
  if (!head) return true;
  const terms = new Set(contentTerms(head));
  return context.terms.some((t) => t.focus && t.topical && holdsTerm(terms, t));
}

/** The creator saying what they are or do now: "I'm a pharmacist", "I now work with", "I live next door". */
const PRESENT_SELF =
  /\b(?:I'm|I am|I (?:now|still|currently)\b|I (?:live|work|run|teach|coach|own|make)\b)|\bthese days\b/;

/**
 * A run opening in another tense than a question about the creator's life is asked in: "I'm a
 * pharmacist - I don't do anything without a plan" for "how did you go from pharmacist to…",
 * "I spent eleven years teaching in Leeds" for "where are you based?".
 */
export function otherTense(s: WindowSentence | undefined, intent: QuestionIntent): boolean {
  if (!s || !intent.aboutCreator || !intent.tense) return false;
  const past = s.cues.has('past') || s.cues.has('earlier');
  const present = PRESENT_SELF.test(s.text);
  return intent.tense === 'past' ? present && !past : past && !present;
}

/** A question about what the creator does now: "what do you charge?", "how much do you use?". */
const DO_YOU = /\b(?:do|does) (?:you|she|he|they)\b/i;

/**
 * Sentence `s` gives a number in the unit asked. A measure of the creator's own life ("How old
 * were you…?") is one they give of themselves ("I was 41"), not the age limit of their classes;
 * one asked of now ("What do you charge?") is not told as a story of then.
 */
export function measures(s: WindowSentence, context: WindowContext): boolean {
  if (!context.measure?.test(s.text)) return false;
  // "How much is your biggest box?" is priced in the list ("26 pounds"); "how much did you earn?"
  // is told of themselves.
  const price = asksMoney(context.measure) && context.intent.tense !== 'past';
  if (context.intent.aboutCreator && !s.firstPerson && !price) return false;
  // "What do you charge?" asks what they charge now, not what they charged when they started.
  return !(DO_YOU.test(context.question ?? '') && s.cues.has('past'));
}

/** Does sentence `s` state what the question asks for? */
export function statesAsked(s: WindowSentence, context: WindowContext): boolean {
  if (measures(s, context)) return true;
  const { kind, aboutCreator, earlier } = context.intent;
  // "How much to take up jeans?" asks a price: "up to 8 cm" is an amount, not the one asked.
  if (kind === 'amount' && context.measure && asksMoney(context.measure)) return false;
  // "Where are you based?" is not answered by where the creator once rode or taught.
  if ((kind === 'place' || kind === 'person') && otherTense(s, context.intent)) return false;
  // Nor by where someone else had their shop: the creator says where they are now ("I work from…").
  if (kind === 'place' && aboutCreator && context.intent.tense === 'present')
    return (
      PRESENT_SELF.test(s.text) && /\b(?:in|at|near|from|outside|of) (?:the )?\p{Lu}\p{Ll}/u.test(s.text)
    );
  if (kind === 'definition' && s.cues.has('definition')) return defines(s, context);
  // "How do you calculate board feet?" is answered by the formula, not by a step that uses it.
  if (context.intent.calculation) return FORMULA.test(s.text);
  // "What should I eat before a race?": the sentence saying what to do before ("…three hours
  // before the start") states what is asked, whatever kind of question it is.
  const when = context.intent.earlier ? undefined : RELATION.exec(context.question ?? '')?.[1]?.toLowerCase();
  // So does the sentence under a heading saying it ("After a wet ride" — "Rinse the grit off…").
  if (
    when &&
    new RegExp(`\\b${when}\\b`, 'i').test(s.headed && s.section ? `${s.section} ${s.text}` : s.text)
  )
    return true;
  if (earlier && s.cues.has('earlier')) return true;
  // "When should I clean up squeeze-out?" asks how long to wait ("after 20 to 30 minutes") or
  // on what condition ("replace the chain when it reaches 0.5 percent wear").
  if (kind === 'time' && !aboutCreator && (s.cues.has('duration') || CONDITION.test(s.text))) return true;
  // The creator telling their story answers a question about their past, but not "who" or "where".
  const story = aboutCreator && kind !== 'person' && kind !== 'place' && s.cues.has('past');
  const alsoAsked = context.intent.also ? ANSWERED_BY[context.intent.also] : [];
  return (
    ANSWERED_BY[kind].some((cue) => s.cues.has(cue)) || alsoAsked.some((cue) => s.cues.has(cue)) || story
  );
}

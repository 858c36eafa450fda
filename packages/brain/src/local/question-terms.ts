/**
 * @module The terms of a question, weighed for composing its answer: rare terms of the
 * clone's knowledge weigh most (BM25's inverse document frequency over the clone's chunks),
 * words that frame almost any question ("best", "good", "buy") little, a follow-up's earlier
 * question less than the follow-up itself; each term also stands for its synonyms.
 */
import { absentTerms } from '../text/absent-terms';
import { paraphrased, synonymStems } from '../text/synonyms';
import { compoundParts, contentTerms, stem } from '../text/terms';
import { askedMeasure } from './answer-measure';

export interface QuestionTerm {
  term: string;
  /** The stems that count as this term: itself and its synonyms. */
  forms: ReadonlySet<string>;
  weight: number;
  /** In the visitor's latest message (not only in the question it follows up). */
  focus: boolean;
  /** Carries the question's subject (not a framing word like "best"). */
  topical: boolean;
  /** The clone's knowledge never uses it, nor any synonym of it. */
  unknown: boolean;
  /** A word that frames almost any question ("best", "good", "buy"). */
  framing?: boolean;
  /** Named as absent ("without glue"): a condition on the answer, not its subject. */
  absent?: boolean;
}

/**
 * Words that frame a question more than they say what it is about; "a little spoonful", "a pinch
 * of": how much of the subject, not another subject.
 */
const FRAMING = new Set(
  `good best better way use need buy get time year thing start tell say talk know want like make take keep give
  look recommend help ok okay right kind sort new next last now today also lot question ask answer opinion
  happen work try find mean offer basic simple easy quick typical usual general proper main ideal decent
  normal overall exact exactly really actually generally usually per calculate compute subject topic
  field discipline former previous job career profession occupation
  little bit spoonful teaspoon tablespoon pinch dash couple trick tricks secret secrets tip tips advice honest
  plenty enough beforehand afterwards told
  everything anything something one two three four five six seven eight nine ten`
    .split(/\s+/)
    .map(stem),
);
const FRAMING_WEIGHT = 0.35;
/** Numbers written as words ("my son is thirteen"): numbers, as digits are. */
const NUMBER_WORDS = new Set(
  `eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty
  sixty seventy eighty ninety hundred thousand`
    .split(/\s+/)
    .map(stem),
);
/**
 * "Is there anything she'd be able to eat?": words of how a question is put that frame it when the
 * knowledge never uses them, and count when it does ("must be able to swim 50 metres").
 */
const FRAMING_UNLESS_WRITTEN = new Set(['able', 'unable'].map(stem));
/** How much more common a synonym must be than the question's word for the word to keep weight. */
const RARER_THAN_SYNONYM = 4;
const CONTEXT_WEIGHT = 0.5;
/** A word the question names as absent ("without glue"): a condition on the answer, barely its subject. */
const ABSENT_WEIGHT = 0.3;
/** The words that name what is absent ("without glue", "instead of a planer"). */
const CONNECTIVES = new Set(['without', 'instead']);
const VERB_WEIGHT = 0.5;
/** A term the statistics were not asked about (a stop word to PostgreSQL, say). */
const UNLOOKED_WEIGHT = 1;
/**
 * A word right after a subject pronoun or "to" ("do you *insist* on", "before you *became*",
 * "how to *get*") is the question's verb: how it is asked more than what it is about. Not after
 * "are you" ("are you *booked*", "were you *hurt*"): there it is what is asked about. Nor after
 * "my toddler to" ("get my toddler to *sleep*"): what someone is to do is the subject.
 */
const AFTER_SUBJECT =
  /(?<!\b(?:am|are|is|was|were)\s+)\b(?:i|you|we|they|(?<!\b(?:my|our|the|his|her|their|your)\s+[\p{L}'’-]+\s+)to)\s+(?=([\p{L}'’-]+))/giu;
/** "What did you do for work before…", "your job before…": what they did before, not when. */
const WORK_BEFORE = String.raw`(?<=\bdid you do (?:\p{L}+ ){0,3}|\b(?:work|job|living|career) )before`;
/**
 * "Before you became a baker", "before woodworking": what came before is asked, not the craft
 * the creator is known for (which their knowledge may never name that way).
 */
const BEFORE_ONLY = new RegExp(String.raw`\bbefore (?:you|i)\b|\bbefore \p{L}+ing\b|${WORK_BEFORE}\b`, 'iu');
/**
 * "before a race" asks about the race: only "before you became…" (the whole of what they became:
 * "a marine biologist"), "before woodworking" or what they did for work before ("before the
 * bees") frames.
 */
const BEFORE = new RegExp(
  String.raw`\bbefore (?:(?:you |i )(?:became |become |were |was |turned |opened |set up |founded |launched |took over )(?:a |an |the |your |my )?(?=((?:[\p{L}'’-]+ ?){1,3}))|(?:you |i )(?:started |began |got into |went into |took up )(?:a |an )?(?=((?:[\p{L}'’-]+ ?){1,5}))|(?:you |i )(?:a |an )?(?=([\p{L}'’-]+))|(?=(\p{L}+ing)\b))|${WORK_BEFORE} (?:the |your |my )?(?=([\p{L}'’-]+))`,
  'giu',
);
/** "How long", "how often", "how old"…: the kind of answer asked for (question-intent.ts), not a subject. */
const ASKING =
  /\bhow (long|often|far( apart| ahead| in advance| out)?|soon|old|many|much|big|large|small)\b|(?<=\bwhere (?:are|were) you )(?:based|located)\b|(?<=\bwhere do you )live\b|(?<=\bhow much (?:\S+ ){1,10})cost\b/gi;

/**
 * Who is taught ("what do you teach *beginners*?"): the audience of the question, which a
 * creator seldom names in the sentence that answers it ("the routine I teach on the first
 * morning of every class"). It frames the question when the question has a subject of its own.
 */
const AUDIENCE =
  /\b(?:teach|teaching|taught)\s+(?:a |an |the |my |your |new |complete |total |absolute )?(beginners?|novices?|newcomers?|learners?|students?|kids?|children|adults?)\b/gi;

/**
 * "My sister lives in France", "my mum's birthday": the visitor's own people, who say whom the
 * question is for, not what it is about.
 */
const THEIR_PEOPLE =
  /\bmy (?:\w+ )?(sister|brother|mum|mom|mother|dad|father|parents|friend|friends|son|daughter|niece|nephew|aunt|uncle|cousin|grandma|granny|gran|nan|grandad|grandpa|grandparents|boss|neighbour|neighbor|colleague|girlfriend|boyfriend|fiancée?)\b/giu;

/** The thing a "how many" question counts, or the dimension a "how deep" measures. */
const COUNTED = /\bhow (?:many ([\p{L}'’-]+)|(deep|high|tall|wide|thick|heavy|hot|cold|warm|fast|loud)\b)/giu;

/**
 * "…should I eat *a day*", "how many hours *a week*": a rate the amount asked is counted in, not
 * a subject ("a day off", "a week-long course" are).
 */
const RATE =
  /\b(?:a|an|per|each|every) (day|week|month|year|night|hour)\b(?=\s*(?:[?.!,;]|$|(?:to|for|and|or|in|on|at|when|if|so|while|during|with|without)\b))/giu;

/** "A pair of jeans", "a set of chisels": how many of the subject, not a subject of its own. */
const MEASURE_OF = /\b(?:a|one|the|this|that|each|per) (pair|set|piece|handful|bunch)s? of\b/giu;

export interface TermStatistics {
  /** Chunks of the clone using each lexeme; a term not in it is looked up in no statistics. */
  frequencies: ReadonlyMap<string, number>;
  chunks: number;
}

function idf(df: number, chunks: number): number {
  const n = Math.max(chunks, df, 1);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * The share of its weight a hyphenated word keeps beside its parts: "second-hand" and its halves
 * weigh about one subject and a half, so that a passage about a second-hand oven does not answer
 * "What should I look out for when buying a second-hand car?".
 */
const COMPOUND_SHARE = 0.7;

/** A hyphenated word ("eight-week-old", "grown-up") and its parts. */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * The share of its weight each term of `text` keeps: a part of a hyphenated word ("week" of
 * "eight-week-old") that the text does not also say on its own shares the compound's subject
 * with the other parts, and the compound keeps `COMPOUND_SHARE`, so that it does not weigh as
 * four subjects.
 */
function partShares(text: string, terms: readonly string[]): Map<string, number> {
  const shares = new Map<string, number>();
  const alone = new Set(contentTerms(text.replace(HYPHENATED, ' ')));
  for (const compound of terms.filter((t) => t.includes('-'))) {
    const parts = compoundParts(compound);
    for (const part of parts) if (!alone.has(part)) shares.set(part, 1 / parts.length);
    if (parts.some((part) => !alone.has(part))) shares.set(compound, COMPOUND_SHARE);
  }
  return shares;
}

/**
 * The weighed terms of `question` and, for a follow-up, of the `context` question it follows.
 * Without statistics (a clone's terms not known), every term weighs as if moderately rare.
 */
export function questionTerms(
  raw: string,
  said: string | undefined,
  stats?: TermStatistics,
  profile?: ReadonlySet<string>,
): QuestionTerm[] {
  // "money back" is a refund, "on my own" alone: the words the creator would have written.
  const question = paraphrased(raw);
  const measuring = askedMeasure(question) !== null;
  const context = said === undefined ? undefined : paraphrased(said);
  // "without glue": "without" says how "glue" is meant (absent-terms.ts), it is no subject itself.
  const focus = contentTerms(question.replace(ASKING, ' ')).filter((t) => !CONNECTIVES.has(t));
  const shares = partShares(question.replace(ASKING, ' '), focus);
  // "We've just moved to Cragg End": a name after "to" is a place, not a verb.
  const named = (m: RegExpMatchArray): boolean => /^\p{Lu}/u.test(m[1] ?? '') && /\bto\s+$/i.test(m[0]);
  const verbs = new Set(
    [...[...question.matchAll(AFTER_SUBJECT)].filter((m) => !named(m)), ...question.matchAll(BEFORE)].flatMap(
      (m) => contentTerms(m.slice(1).find((group) => group !== undefined) ?? ''),
    ),
  );
  // A question made only of verbs ("where did you grow up?") is about them after all.
  const asked =
    focus.every((t) => verbs.has(t) || FRAMING.has(t)) && !BEFORE_ONLY.test(question)
      ? new Set<string>()
      : verbs;
  const absent = absentTerms(question);
  // "How many people are on it?": what is counted, which the answer may call "places"; "how
  // deep": a depth, which the answer gives in metres.
  const counted = new Set([...question.matchAll(COUNTED)].flatMap((m) => contentTerms(m[1] ?? m[2] ?? '')));
  // Who the question is about or for, and the rate of its amount: framing beside a subject.
  const aside = new Set(
    [AUDIENCE, THEIR_PEOPLE, RATE, MEASURE_OF].flatMap((pattern) =>
      [...question.matchAll(pattern)].flatMap((m) => contentTerms(m[1] ?? '')),
    ),
  );
  const subjects = focus.filter((t) => !FRAMING.has(t) && !asked.has(t) && !absent.has(t) && !aside.has(t));
  const framing = (t: string): boolean => FRAMING.has(t) || (aside.has(t) && subjects.length > 0);
  const earlier = context ? contentTerms(context.replace(ASKING, ' ')).filter((t) => !focus.includes(t)) : [];
  const terms = [...focus.map((t) => [t, true] as const), ...earlier.map((t) => [t, false] as const)].map(
    ([term, isFocus]) => {
      const forms = new Set([term, ...synonymStems(term)]);
      const dfs = [...forms].map((f) => stats?.frequencies.get(f)).filter((df) => df !== undefined);
      const df = dfs.length > 0 ? Math.max(...dfs) : undefined;
      // "Who taught you beekeeping?": the creator's field, named by their profile ("Beekeeper and
      // honey producer") though their knowledge never says it so, frames the question. So does
      // what a "how many" counts or a "how deep" measures when the knowledge never names it so.
      const unwritten = df === 0 && (profile?.has(term) === true || counted.has(term));
      const framed = framing(term) || unwritten || (df === 0 && FRAMING_UNLESS_WRITTEN.has(term));
      const topical = !framed && !asked.has(term) && !absent.has(term);
      let weight = !stats ? 3 : df === undefined ? UNLOOKED_WEIGHT : idf(df, stats.chunks);
      // A rare word the creator says far more often another way ("cycling", said "riding"): it
      // weighs between the two, so that the common synonym counts without the question's own
      // subject weighing as little as a word in every other passage.
      const own = stats?.frequencies.get(term);
      if (stats && df !== undefined && own !== undefined && own > 0 && df >= RARER_THAN_SYNONYM * own)
        weight = (idf(own, stats.chunks) + weight) / 2;
      if (framed) weight *= FRAMING_WEIGHT;
      else if (asked.has(term)) weight *= VERB_WEIGHT;
      if (!isFocus) weight *= CONTEXT_WEIGHT;
      if (isFocus) weight *= shares.get(term) ?? 1;
      if (absent.has(term)) weight *= ABSENT_WEIGHT;
      // A number ("the first 100-mile ride") the knowledge never writes that way is not a subject
      // it has not covered: the knowledge says "a hundred miles", "100 miles", "a century".
      const number = /^\d/.test(term) || NUMBER_WORDS.has(term);
      // Nor does it weigh as the rarest word: "my 6x8 greenhouse" is asked about the greenhouse.
      // Nor a number of the visitor's own when a measure is asked ("My son is thirteen. Is he
      // old enough?"): the answer gives its own ("12 to 15").
      if (number && (df === 0 || measuring)) weight *= FRAMING_WEIGHT;
      return {
        term,
        forms,
        weight,
        focus: isFocus,
        topical: topical && !number,
        unknown: df === 0 && !number && !unwritten,
        framing: framed,
        ...(absent.has(term) ? { absent: true } : {}),
      };
    },
  );
  // "What's the best way to freeze a loaf?": a framing word the creator seldom writes ("best")
  // weighs no more than the question's lightest subject, so that "the best way to bake" does not
  // outweigh "to freeze a whole loaf".
  const subjectWeights = terms.filter((t) => t.focus && t.topical).map((t) => t.weight);
  if (subjectWeights.length === 0) return terms;
  const cap = Math.min(...subjectWeights);
  return terms.map((t) => (t.framing && t.weight > cap ? { ...t, weight: cap } : t));
}

/** The term of `terms` a choice is asked about ("the best *finish*", intent.head), if any. */
export function headTerm(terms: readonly QuestionTerm[], head: string | undefined): QuestionTerm | undefined {
  if (!head) return undefined;
  const stems = new Set(contentTerms(head));
  return terms.find((t) => [...t.forms].some((f) => stems.has(f)));
}

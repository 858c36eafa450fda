/**
 * @module What a question asks for (issue 8): the kind of fact that answers it — an amount, a
 * duration, a time, steps, a reason, a person, a place — and whether it asks about the
 * creator's own life and past. The composer prefers passages that hold that kind of fact.
 */

export type AnswerKind =
  | 'amount'
  | 'duration'
  | 'frequency'
  | 'time'
  | 'steps'
  | 'reason'
  | 'person'
  | 'place'
  | 'choice'
  | 'definition'
  | 'composition'
  | 'general';

export interface QuestionIntent {
  kind: AnswerKind;
  /** "What did you do before…", "Where did you grow up?": answered from biography first. */
  aboutCreator: boolean;
  /** "What did you do before you became a coach?": what came earlier is asked for. */
  earlier?: boolean;
  /**
   * What a second question joined by "and" asks for ("What's in it *and how do you apply it?*"),
   * when it asks for another kind of fact than the first.
   */
  also?: AnswerKind;
  /** What a choice is asked about ("the best *finish* for a cutting board"), as written. */
  head?: string;
  /** "How do you calculate board feet?": a formula or a calculation answers it. */
  calculation?: boolean;
  /**
   * "What moisture content should wood be?": the amount to aim for is asked ("I want 6 to 8
   * percent"), not one that happens to be measured somewhere ("the barn sits around 9 to 11").
   */
  target?: boolean;
  /**
   * The tense a question about the creator's life is asked in: "where are you based?" asks where
   * they are now ("I live next door"), "what was your former job?" what they were then ("I was a
   * hospital pharmacist"), not "I'm a pharmacist - I don't do anything without a plan".
   */
  tense?: 'past' | 'present';
}

const CALCULATION =
  /\b(?:calculate|calculated|calculating|work(?:ed)? out|figure(?:d)? out|compute|formula)\b|\bhow (?:do|should|would|can) (?:you|i|we) (?:price|quote|cost)\b/;

/** What a choice is about: "the best *finish*", "which *plane* should I buy?", "which smart *trainer*…". */
const HEAD =
  /\b(?:best|right|ideal|favourite|favorite)\s+([\p{L}-]+)|^which\s+(?!(?:one|ones|is|are|was|were|of|do|does|did|would|should|can|could|will)\b)(?:[\p{L}-]+\s+(?!(?:is|are|was|were|of|do|does|did|would|should|can|could|will|for|to)\b))?([\p{L}-]+)/u;

/** Words naming a kind of something ("which *sort*…"), not the something itself. */
export const KIND_OF = 'sorts?|kinds?|types?|variety|varieties|version';
const KIND_WORDS = new RegExp(`^(?:${KIND_OF}|one|ones)$`);

/**
 * What came before in the creator's life: "before you became a coach", "what did you do before
 * woodworking?" — not "before I cut joints" (a step of the work) nor "before a race".
 */
const EARLIER =
  /\b(?:former|previous|old|earlier) (?:job|career|work|profession|life|trade)\b|\bbefore (you|i) (became|become|started|were|was|got into|went into|turned|took up|opened|quit|left)\b|\bbefore becoming\b|\bwhat did you do (?:\w+ ){0,3}before\b|\b(?:work|job|living|career) before\b|\bused to\b|\boriginally\b|\bin the beginning\b|\b(?:go|went|get|got|move|moved|switch|switched|change|changed|jump|jumped) (?:\w+ )?from (?:being )?(?:an? )?(?:\w+ ){1,3}(?:to|into)\b/;
const EARLIER_ACTIVITY = /\bbefore \w+ing\b/;
const ASKS_YOUR_PAST = /\b(did|were|was) you\b|\byour (job|career|life|work)\b/;

const UNITS_ASKED =
  'angles?|pressure|grits?|temperature|percent(age)?|size|ratio|rate|price|cost|height|cadence|thickness|moisture|width|length|weight|slope|gearing|gears?|number|amount|distance|speed|psi|ounces?|coats?';

const KINDS: readonly [AnswerKind, RegExp][] = [
  // "What's in your house finish?", "What is board butter made of?": what it is made of.
  [
    'composition',
    /^(?:and )?what(?:'s| is| are| goes| went)? in(?:to)? (?!(?:the|a|an) (?:morning|evening|winter|summer|spring|autumn|fall|year|week|day)\b)|\bwhat (?:is|are|was|were) (?:\w+ ){1,4}made (?:of|from|with)\b|\b(?:recipe|ingredients?)\b/,
  ],
  [
    'definition',
    /^what (?:does|do) .+ (?:mean|stand for)\b|^what(?:'s| is| are) (?:an? )?[\w-]+(?: [\w-]+)?$/,
  ],
  ['frequency', /\bhow often\b|\bhow many times\b/],
  // "How long does a waxed chain last?": a lifespan, in time or in use (kilometres, coats).
  // "How long a lead should I get?": a length, not a time.
  [
    'amount',
    /\bhow long (?:does|do|will|would|should|can|did) (?:\w+ ){0,4}last\b|\bhow long an? (?!(?:time|while|wait|day|week|month|year)\b)\w+/,
  ],
  [
    'duration',
    /\bhow long\b|\bhow far (ahead|in advance|out)\b|\bhow many (seconds|minutes|hours|days|weeks|months|years)\b|\bwhat(?:'s| is) the (?:\w+ )?time\b/,
  ],
  ['time', /^(and )?when\b|\bwhat (year|age|time)\b|\bhow old\b|\bat what age\b/],
  [
    'amount',
    new RegExp(
      `\\bhow (much|many|high|tall|low|wide|thick|far|big|large|small|heavy|hot|cold|loud|fast|close|deep|dry|wet|hard|steep)\\b|\\bwhat(?:'s| is| are)? (\\w+ )?(${UNITS_ASKED})\\b|\\bwhat (does|do) .* cost\\b|\\bwhat (?:do|does|would|will) (?:you|it|they|he|she) charge\\b`,
    ),
  ],
  // "How did you first get into making sourdough?", "What got you into dogs?": how it began, a
  // story with its reasons — not the steps of making it.
  [
    'reason',
    /^(and )?why\b|\bwhat causes\b|\bhow come\b|\bwhat(?:'s| is) the point\b|\bhow did you (?:first |originally |ever )?(?:get (?:into|started|involved)|start|begin|end up|come to|become|get to be)\b|\bwhat (?:first )?(?:got|drew|brought|led) you (?:in)?to\b/,
  ],
  ['person', /^(and )?who\b/],
  ['place', /^(and )?where\b/],
  [
    'choice',
    /^(what|which)(?:'s| is| are)? (?:the )?(best|right|ideal)\b|^which\b|^what (?:kind|type|sort)s? of\b|\bwhat (?:\w+ )?(?:do|would|should) (?:you|i) (?:use|buy|get|recommend|choose|pick|ride|wear)\b|\bif i (?:can|could) only\b/,
  ],
  // "What should I do if a swarm lands in my garden?": what to do, as told ("Ring us instead");
  // "What do you do about slugs?" and "…I don't want to use pellets. What do you do?": what the
  // creator does about it.
  [
    'steps',
    /\bhow (do|can|should|would|did) (i|you|we|one)\b|\bhow to\b|\bsteps?\b|\bprocess\b|\bwhat (?:should|do|can|must|would) (?:i|we|you) do\b/,
  ],
];

/** "you" asked about their own past, life, career or firsts. */
const ABOUT_CREATOR = [
  /\b(did|were|was|have|had) you\b/,
  // "Do you have any pets?", "Are you married?": their life now.
  /^(?:and )?(?:do you have|have you got|are you married)\b/,
  /\b(taught|trained|mentored|inspired|hired|raised) you\b/,
  /\byour (own |former |previous |old |earlier |first )?(background|career|job|life|story|family|childhood|first|biggest|favourite|favorite|teacher|mentor|training|education|age)\b/,
  /\bbefore (you|becoming|woodworking|coaching|teaching)\b/,
  /\b(grow|grew) up\b/,
  /\bhow old are you\b/,
  /\bwhere are you from\b/,
  /\bwhere (?:are|were) you (?:based|located|living)\b|\bwhere do you (?:live|work|teach|coach)\b/,
];

const lower = (question: string): string =>
  question
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** What `question` asks for. */
export function questionIntent(question: string): QuestionIntent {
  const text = lower(question);
  // "How much are your classes, and how old does my puppy need to be?": the first question's kind
  // of fact is the kind asked; the second's is `also`.
  const second = /\band ((?:how|why|when|where|what|which|who)\b.*)$/.exec(text);
  const first = second && second.index > 0 ? text.slice(0, second.index) : text;
  const kind =
    KINDS.find(([, pattern]) => pattern.test(first))?.[0] ??
    KINDS.find(([, pattern]) => pattern.test(text))?.[0] ??
    'general';
  const aboutCreator = ABOUT_CREATOR.some((pattern) => pattern.test(text));
  const intent: QuestionIntent = { kind, aboutCreator };
  if (CALCULATION.test(text)) intent.calculation = true;
  if (kind === 'amount' && /\b(?:should|ought to|do i need|need to be|is best|is ideal)\b/.test(text))
    intent.target = true;
  if (EARLIER.test(text) || (EARLIER_ACTIVITY.test(text) && ASKS_YOUR_PAST.test(text))) intent.earlier = true;
  // "What's in it and how do you apply it?": the second question's kind of fact counts too.
  const also = second ? KINDS.find(([, pattern]) => pattern.test(second[1] ?? ''))?.[0] : undefined;
  if (also && also !== kind) intent.also = also;
  if (aboutCreator) {
    if (
      /\b(?:did|were|was|had) you\b|\byour (?:former|previous|old|earlier)\b|\bused to\b/.test(text) ||
      intent.earlier
    )
      intent.tense = 'past';
    else if (/\b(?:are|do|is) you\b|\byou (?:live|work)\b/.test(text)) intent.tense = 'present';
  }
  const match = kind === 'choice' ? HEAD.exec(text) : null;
  const head = match?.[1] ?? match?.[2];
  // "Which sort…", "which kind…": a kind of the thing named elsewhere (or before), not a head.
  if (head && !KIND_WORDS.test(head)) intent.head = head;
  return intent;
}

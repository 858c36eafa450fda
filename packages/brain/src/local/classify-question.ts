/**
 * @module What kind of message the visitor sent: a greeting, a question about who the clone
 * is, or a question for its knowledge (DESIGN §3: greetings and "who are you" are answered
 * from the profile).
 */

export type QuestionKind = 'greeting' | 'identity' | 'knowledge';

const GREETING_WORDS = new Set(
  `hi hello hey heya hiya howdy yo hallo hola greetings sup there everyone all folks good morning afternoon
  evening day how are you doing hows going it's its is whats what's up nice to meet again ok okay thanks thank`.split(
    /\s+/,
  ),
);

/** Questions about the clone itself, wherever they stand in the message. */
const IDENTITY = [
  /\bwho (are|r) (you|u)\b/,
  /\bwho is this\b/,
  /\btell me (a bit |a little |more )?about (yourself|you)\b/,
  /\bintroduce yourself\b/,
  /\bwhat (can|do|should) (i|we) ask( you)?\b/,
  /\bwhat do you (talk|know) about\b/,
  /\bwhat (topics|subjects) (do|can) you\b/,
  /\bwhat is your (job|background|name)\b/,
];

/**
 * Questions about the clone only when they are all that is asked: "what do you do?" alone, or
 * "what do you do for a living?", but not "what do you do about slugs?", "what are you growing
 * this year?", nor "My lettuces get eaten every night. What do you do?" (the visitor's problem).
 */
const IDENTITY_ALONE = [
  /\bwhat (are|r) (you|u)\b/,
  /\bwhat do you do\b/,
  /\bwhat is it (that )?you do\b/,
  /\bwhat can (you|i) (do|ask|talk about|help( me)?( with)?)\b/,
];

/** Words that may follow an identity question without asking about something else. */
const IDENTITY_TAIL = new Set(
  `for a living work job then exactly really actually anyway nowadays these days now here again
  please me with`.split(/\s+/),
);

/**
 * Whether `sentence` (lowercase words) is one of `IDENTITY_ALONE` with nothing asked after it,
 * and the other `sentences` of the message only greet.
 */
function asksIdentityAlone(
  sentence: string,
  others: readonly string[][],
  names: ReadonlySet<string>,
): boolean {
  return IDENTITY_ALONE.some((pattern) => {
    const match = pattern.exec(sentence);
    if (!match) return false;
    const tail = sentence
      .slice(match.index + match[0].length)
      .split(' ')
      .filter(Boolean);
    return (
      tail.every((word) => IDENTITY_TAIL.has(word) || names.has(word)) &&
      others.every((words) => words.every((word) => GREETING_WORDS.has(word) || names.has(word)))
    );
  });
}

/** Lowercase words without punctuation. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

/**
 * Classifies `question`. `cloneName` lets "hi Sam!" count as a greeting. A greeting that also
 * asks something ("hi, how do you plan a season?") is a knowledge question.
 */
export function classifyQuestion(question: string, cloneName = ''): QuestionKind {
  const text = words(question).join(' ');
  if (IDENTITY.some((pattern) => pattern.test(text))) return 'identity';
  const names = new Set(words(cloneName));
  const sentences = question
    .split(/[.?!;:]+/)
    .map(words)
    .filter((w) => w.length > 0);
  if (sentences.some((w, i) => asksIdentityAlone(w.join(' '), sentences.toSpliced(i, 1), names)))
    return 'identity';
  const rest = words(question).filter((word) => !GREETING_WORDS.has(word) && !names.has(word));
  if (rest.length === 0 && text.length > 0) return 'greeting';
  return 'knowledge';
}

/** "tell me more", "go on", "why?": a follow-up that needs the previous question to mean anything. */
export function isFollowUp(question: string): boolean {
  const text = words(question).join(' ');
  return /^(tell me more|more|go on|continue|keep going|and|why|how so|how|what else|anything else|can you elaborate|elaborate|explain|explain more|what do you mean|like what|for example|such as|really|interesting)( please)?( about that| on that)?$/.test(
    text,
  );
}

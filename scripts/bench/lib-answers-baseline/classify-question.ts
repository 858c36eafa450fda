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

const IDENTITY = [
  /\bwho (are|r) (you|u)\b/,
  /\bwho is this\b/,
  /\bwhat (are|r) (you|u)\b(?! (doing|thinking|saying|working))/,
  /\bwhat do you do\b/,
  /\bwhat is it (that )?you do\b/,
  /\btell me (a bit |a little |more )?about (yourself|you)\b/,
  /\bintroduce yourself\b/,
  /\bwhat can (you|i) (do|ask|talk about|help( me)?( with)?)\b/,
  /\bwhat (can|do|should) (i|we) ask( you)?\b/,
  /\bwhat do you (talk|know) about\b/,
  /\bwhat (topics|subjects) (do|can) you\b/,
  /\bwhat is your (job|background|name)\b/,
];

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

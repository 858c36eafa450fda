/**
 * @module The keywords a texter may send instead of a question (spec/calls.md §5: STOP opts out,
 * HELP gives help), with the synonyms carriers and Twilio honour. A keyword is the whole message,
 * in any case, with surrounding spaces and punctuation ignored.
 */

export type TextKeyword = 'STOP' | 'HELP' | 'START';

const KEYWORDS: Record<string, TextKeyword> = {
  STOP: 'STOP',
  STOPALL: 'STOP',
  UNSUBSCRIBE: 'STOP',
  CANCEL: 'STOP',
  END: 'STOP',
  QUIT: 'STOP',
  OPTOUT: 'STOP',
  REVOKE: 'STOP',
  HELP: 'HELP',
  INFO: 'HELP',
  START: 'START',
  UNSTOP: 'START',
  YES: 'START',
};

/** The keyword a text is, or null for anything else (a question). */
export function textKeyword(text: string): TextKeyword | null {
  const word = text
    .trim()
    .replace(/^[\s.!?]+|[\s.!?]+$/g, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  return KEYWORDS[word] ?? null;
}

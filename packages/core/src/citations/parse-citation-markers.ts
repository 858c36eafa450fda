import { CITATION_MARKER_MAX } from '@doppel/protocol';

/** A piece of an answer: plain text, or a citation marker `[n]`. */
export type CitationSegment = { kind: 'text'; text: string } | { kind: 'marker'; n: number };

/** `[` digits without a leading zero `]`, not followed by `(` (that would be a Markdown link). */
const MARKER = /\[([1-9]\d*)\](?!\()/y;

/**
 * Splits an answer into text and citation markers `[1]`…`[99]`.
 * Why: spec/chat.md §5 — citation markers in text look like [1] to [99].
 * Left as text: `[0]`, `[100]`, `[01]`, `[a]`, an escaped `\[1]`, a Markdown link `[1](url)`,
 * and anything inside a backtick code span or fence (a run of N backticks up to the next run
 * of exactly N, as in CommonMark). Text segments keep the source verbatim (backslashes
 * included), so joining the segments back, markers as `[n]`, gives the input unchanged.
 */
export function parseCitationMarkers(text: string): CitationSegment[] {
  const segments: CitationSegment[] = [];
  let buffer = '';
  const flush = (): void => {
    if (buffer !== '') segments.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') {
      // An escaped character is literal: `\[1]` stays text, `\`` opens no code span.
      buffer += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === '`') {
      const run = backtickRun(text, i);
      const close = findClosingRun(text, i + run, run);
      const end = close === -1 ? i + run : close + run;
      buffer += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '[') {
      MARKER.lastIndex = i;
      const match = MARKER.exec(text);
      const n = match ? Number(match[1]) : 0;
      if (match && n <= CITATION_MARKER_MAX) {
        flush();
        segments.push({ kind: 'marker', n });
        i += match[0].length;
        continue;
      }
    }
    buffer += char;
    i += 1;
  }
  flush();
  return segments;
}

function backtickRun(text: string, from: number): number {
  let end = from;
  while (text[end] === '`') end += 1;
  return end - from;
}

/** Index of the next run of exactly `length` backticks at or after `from`, or -1. */
function findClosingRun(text: string, from: number, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === '`') {
      const run = backtickRun(text, i);
      if (run === length) return i;
      i += run;
    } else {
      i += 1;
    }
  }
  return -1;
}

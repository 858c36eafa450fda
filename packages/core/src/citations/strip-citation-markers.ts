import { parseCitationMarkers } from './parse-citation-markers';

/**
 * An answer as plain text without its citation markers: `plan [1][2].` reads `plan.`, with the
 * space that stood before a marker gone too (never before a word that follows it).
 * Why: issue 9 §5 — copying a reply gives clean text, not raw `[1]`; the same rules as
 * `parseCitationMarkers` decide what is a marker (code spans keep theirs).
 */
export function stripCitationMarkers(text: string): string {
  let out = '';
  let afterMarker = false;
  for (const segment of parseCitationMarkers(text)) {
    if (segment.kind === 'marker') {
      out = out.replace(/[ \t]+$/, '');
      afterMarker = true;
      continue;
    }
    // A marker that stood between two words ("plan[1]and") leaves them one space apart.
    const joinsWords = afterMarker && /\w$/.test(out) && /^\w/.test(segment.text);
    out += joinsWords ? ` ${segment.text}` : segment.text;
    afterMarker = false;
  }
  return out;
}

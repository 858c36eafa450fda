/**
 * @module The passage a citation quotes (issue 9 §4): not the whole retrieved chunk — whose opening
 * may be another moment of the video ("Hello and welcome…", 00:00) — but its paragraphs that hold
 * what the answer took from it, with the timestamp of the first of them.
 */

/** Where a timestamped paragraph starts in a chunk's text (chunks.moments). */
export interface Moment {
  /** Character offset in the chunk's text. */
  at: number;
  /** Milliseconds into the media. */
  ms: number;
}

export interface ExcerptSource {
  text: string;
  /** The chunk's own timestamp (its first timestamped paragraph's). */
  timestampMs: number | null;
  moments: readonly Moment[];
}

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}']{4,}/gu) ?? []);

/**
 * The paragraphs of `source` that hold `claims` (the sentences the answer took from it, or the
 * answer's sentences citing it): those that contain a claim word for word, else the one sharing
 * the most words with them; from the first of them to the last. Its timestamp is the moment at or
 * before where it starts, else the chunk's. With no claims, or one paragraph, the whole chunk.
 */
export function citedExcerpt(
  source: ExcerptSource,
  claims: readonly string[],
): { text: string; timestampMs: number | null } {
  const whole = { text: source.text, timestampMs: source.timestampMs };
  const paragraphs: { text: string; at: number }[] = [];
  let at = 0;
  for (const text of source.text.split('\n\n')) {
    paragraphs.push({ text, at });
    at += text.length + 2;
  }
  const wanted = claims.map((c) => c.trim()).filter((c) => c !== '');
  if (paragraphs.length < 2 || wanted.length === 0) return whole;
  let chosen = paragraphs.filter((p) => wanted.some((claim) => p.text.includes(claim)));
  if (chosen.length === 0) {
    const claimWords = words(wanted.join(' '));
    const overlap = (p: { text: string }) => [...words(p.text)].filter((w) => claimWords.has(w)).length;
    const best = paragraphs.reduce((a, b) => (overlap(b) > overlap(a) ? b : a));
    if (overlap(best) === 0) return whole;
    chosen = [best];
  }
  const first = chosen[0];
  const last = chosen.at(-1);
  if (!first || !last) return whole;
  const text = source.text.slice(first.at, last.at + last.text.length);
  const moment = [...source.moments].filter((m) => m.at <= first.at).sort((a, b) => b.at - a.at)[0];
  return { text, timestampMs: moment?.ms ?? source.timestampMs };
}

/**
 * @module Transcript timestamps (CLONE_FOLDER.md): `[mm:ss]` / `[hh:mm:ss]` at the start of a
 * paragraph, and SRT cue times `hh:mm:ss,mmm`. Both become milliseconds.
 */

/** A paragraph start that looks like a timestamp, valid or not: `[` digits and colons `]`. */
const LOOKS_LIKE_TIMESTAMP = /^\[(\d+(?::\d+)+)\]\s*/;

export type LeadingTimestamp =
  | { kind: 'none' }
  | { kind: 'ok'; ms: number; rest: string }
  | { kind: 'bad'; raw: string; reason: string };

/** Reads a `[mm:ss]` or `[hh:mm:ss]` at the start of `line`. */
export function leadingTimestamp(line: string): LeadingTimestamp {
  const match = LOOKS_LIKE_TIMESTAMP.exec(line);
  if (!match?.[1]) return { kind: 'none' };
  const raw = `[${match[1]}]`;
  const parts = match[1].split(':');
  const bad = (reason: string): LeadingTimestamp => ({ kind: 'bad', raw, reason });
  if (parts.length > 3) return bad('use [mm:ss] or [hh:mm:ss]');
  const [first = '', second = '', third] = parts;
  if (second.length !== 2 || (third !== undefined && third.length !== 2)) {
    return bad('minutes and seconds take two digits, as in [01:05]');
  }
  const numbers = parts.map(Number);
  const [a = 0, b = 0, c = 0] = numbers;
  if (third === undefined) {
    if (first.length > 3) return bad('too many minutes');
    if (b >= 60) return bad('seconds must be below 60');
    return { kind: 'ok', ms: (a * 60 + b) * 1000, rest: line.slice(match[0].length) };
  }
  if (first.length > 2) return bad('too many hours');
  if (b >= 60) return bad('minutes must be below 60');
  if (c >= 60) return bad('seconds must be below 60');
  return { kind: 'ok', ms: ((a * 60 + b) * 60 + c) * 1000, rest: line.slice(match[0].length) };
}

const SRT_TIME = /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})$/;

/** An SRT time `hh:mm:ss,mmm` (a dot is accepted too) in milliseconds; null when malformed. */
export function parseSrtTime(text: string): number | null {
  const match = SRT_TIME.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m = '0', s = '0', frac = '0'] = match;
  if (Number(m) >= 60 || Number(s) >= 60) return null;
  const ms = Number(frac.padEnd(3, '0'));
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + ms;
}

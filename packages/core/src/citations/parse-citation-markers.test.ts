import { describe, expect, it } from 'vitest';
import type { CitationSegment } from './parse-citation-markers';
import { parseCitationMarkers } from './parse-citation-markers';

const t = (text: string): CitationSegment => ({ kind: 'text', text });
const m = (n: number): CitationSegment => ({ kind: 'marker', n });
const join = (segments: CitationSegment[]): string =>
  segments.map((s) => (s.kind === 'text' ? s.text : `[${s.n}]`)).join('');

describe('parseCitationMarkers', () => {
  it('returns nothing for empty text', () => {
    expect(parseCitationMarkers('')).toEqual([]);
  });

  it('returns plain text as one segment', () => {
    expect(parseCitationMarkers('Hello there.')).toEqual([t('Hello there.')]);
  });

  it('splits markers out of text', () => {
    expect(parseCitationMarkers('Sleep matters [1]. So does light [2].')).toEqual([
      t('Sleep matters '),
      m(1),
      t('. So does light '),
      m(2),
      t('.'),
    ]);
  });

  it('handles markers at the edges and side by side', () => {
    expect(parseCitationMarkers('[3][12] end [4]')).toEqual([m(3), m(12), t(' end '), m(4)]);
  });

  it('accepts [1] and [99] but not [0] or [100]', () => {
    expect(parseCitationMarkers('[1]')).toEqual([m(1)]);
    expect(parseCitationMarkers('[99]')).toEqual([m(99)]);
    expect(parseCitationMarkers('[0]')).toEqual([t('[0]')]);
    expect(parseCitationMarkers('[100]')).toEqual([t('[100]')]);
    expect(parseCitationMarkers('[12345678901234567890]')).toEqual([t('[12345678901234567890]')]);
  });

  it('leaves non-numeric and padded brackets as text', () => {
    for (const text of ['[a]', '[01]', '[ 1]', '[1 ]', '[-1]', '[1.5]', '[]', '[[1]', 'x[1', '1]']) {
      expect(join(parseCitationMarkers(text))).toBe(text);
    }
    expect(parseCitationMarkers('[a]')).toEqual([t('[a]')]);
    expect(parseCitationMarkers('[01]')).toEqual([t('[01]')]);
    expect(parseCitationMarkers('[[1]]')).toEqual([t('['), m(1), t(']')]);
  });

  it('leaves an escaped marker as text, backslash included', () => {
    expect(parseCitationMarkers('see \\[1] and [2]')).toEqual([t('see \\[1] and '), m(2)]);
    expect(parseCitationMarkers('a \\\\[1]')).toEqual([t('a \\\\'), m(1)]);
    expect(parseCitationMarkers('trailing \\')).toEqual([t('trailing \\')]);
  });

  it('leaves a Markdown link as text', () => {
    expect(parseCitationMarkers('[1](https://x.org) [2]')).toEqual([t('[1](https://x.org) '), m(2)]);
  });

  it('leaves markers inside code spans as text', () => {
    expect(parseCitationMarkers('use `arr[1]` here [1]')).toEqual([t('use `arr[1]` here '), m(1)]);
    expect(parseCitationMarkers('``a ` [2] `` [3]')).toEqual([t('``a ` [2] `` '), m(3)]);
  });

  it('leaves markers inside fenced code as text', () => {
    const text = 'Code:\n```js\nconst x = a[1];\n```\nDone [1].';
    expect(parseCitationMarkers(text)).toEqual([
      t('Code:\n```js\nconst x = a[1];\n```\nDone '),
      m(1),
      t('.'),
    ]);
  });

  it('treats an unclosed backtick run as a literal and keeps parsing', () => {
    expect(parseCitationMarkers('a ` b [1]')).toEqual([t('a ` b '), m(1)]);
    expect(parseCitationMarkers('``a` [1]')).toEqual([t('``a` '), m(1)]);
  });

  it('does not open a code span on an escaped backtick', () => {
    expect(parseCitationMarkers('\\` [1] `')).toEqual([t('\\` '), m(1), t(' `')]);
  });

  it('round-trips every input', () => {
    for (const text of ['a [1] b', '`[1]` [2]', '\\[3] [4](x)', '[100][99][0]', 'x\n- [5]\n']) {
      expect(join(parseCitationMarkers(text))).toBe(text);
    }
  });
});

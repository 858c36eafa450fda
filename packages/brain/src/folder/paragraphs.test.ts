import { describe, expect, it } from 'vitest';
import { isCapitalsHeading, toParagraphs } from './paragraphs';

describe('toParagraphs', () => {
  it('marks markdown headings and lines in capitals as headings, each a paragraph of its own', () => {
    const paragraphs = toParagraphs(
      '## What not to buy yet\n- Big sets of anything.\n\nWHAT TO BRING\nClosed-toe shoes, always.\n',
      'a.md',
    );
    expect(paragraphs).toEqual([
      { text: 'What not to buy yet', timestampMs: null, heading: true },
      { text: 'Big sets of anything.', timestampMs: null },
      { text: 'WHAT TO BRING', timestampMs: null, heading: true },
      { text: 'Closed-toe shoes, always.', timestampMs: null },
    ]);
  });
});

describe('isCapitalsHeading', () => {
  it('reads a short line in capitals as a heading, a parenthesised note after it allowed', () => {
    expect(isCapitalsHeading('CLASSES AND PRICES (current year)')).toBe(true);
    expect(isCapitalsHeading('2. THE ONE-ONE-ONE WIPING BLEND (house finish)')).toBe(true);
  });

  it('does not read shouted prose or a glossary line as a heading', () => {
    expect(isCapitalsHeading('WIPE OFF ALL EXCESS.')).toBe(false);
    expect(isCapitalsHeading('FAS (Firsts and Seconds): the top grade')).toBe(false);
    expect(isCapitalsHeading('OK')).toBe(false);
  });
});

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

describe('toParagraphs, a list written without markers', () => {
  it('starts a paragraph at a line opening on a label and a colon after a finished sentence', () => {
    const paragraphs = toParagraphs(
      [
        'Puppy Foundations: six weeks. 125 pounds for the course.',
        'Come Back! Recall Workshop: one Sunday a month. 70 pounds per dog.',
        '1:1 Behaviour Sessions: for reactivity and fear. Follow-up sessions are 60 pounds an hour.',
      ].join('\n'),
      'faq.txt',
    );
    expect(paragraphs.map((p) => p.text.split(':')[0])).toEqual([
      'Puppy Foundations',
      'Come Back! Recall Workshop',
      '1',
    ]);
  });

  it('keeps hard-wrapped prose one paragraph, a colon inside it or not', () => {
    const paragraphs = toParagraphs(
      'I bake twice a week, on Fridays and\nSaturdays: the club and the market. A line wrapped\nMid-sentence: never a new paragraph.',
      'a.md',
    );
    expect(paragraphs).toHaveLength(1);
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

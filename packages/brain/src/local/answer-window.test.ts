import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/retrieve';
import { askedMeasure } from './answer-measure';
import { bestWindow } from './answer-window';
import { questionIntent } from './question-intent';
import { questionTerms } from './question-terms';

const passage = (text: string, extra: Partial<Passage> = {}): Passage => ({
  chunkId: 1,
  text,
  documentId: 'doc',
  documentTitle: 'Posts',
  documentType: 'linkedin',
  url: null,
  timestampMs: null,
  rank: 1,
  position: 0,
  next: null,
  ...extra,
});

const windowFor = (question: string, p: Passage, cloneName = 'Juniper Hale') =>
  bestWindow(
    p,
    0,
    {
      terms: questionTerms(question, undefined),
      intent: questionIntent(question),
      cloneName,
      said: new Set(),
      question,
      measure: askedMeasure(question),
    },
    1,
  );

describe('bestWindow', () => {
  it('takes the bare number replying to an interviewer’s "how many bees" as the count asked', () => {
    const question = 'How many bees live in one of your hives in summer?';
    const podcast = passage(
      'JONAH: How many bees are in one of your hives?\n\nELSPETH: In midsummer, fifty or sixty thousand. In winter it drops to maybe ten thousand. A worker bee born in June lives about six weeks; she works herself to death. A queen can live three or four years.',
      { documentType: 'podcast', documentTitle: 'The Smallholding Hour' },
    );
    const window = windowFor(question, podcast, 'Elspeth Harrow');
    expect(window?.sentences[0]?.text).toBe('In midsummer, fifty or sixty thousand.');
  });

  it('answers a question whose words only frame it ("for work before the bees") by the kind of fact asked', () => {
    const question = 'What did you do for work before the bees?';
    const context = {
      terms: questionTerms(question, undefined, {
        frequencies: new Map([
          ['bee', 25],
          ['work', 3],
        ]),
        chunks: 30,
      }),
      intent: questionIntent(question),
      cloneName: 'Elspeth Harrow',
      said: new Set<string>(),
      question,
    };
    const about = bestWindow(
      passage(
        'For nineteen years I tuned pianos for a living. I drove round three counties with a case of tuning levers.',
        { documentTitle: 'About Elspeth', documentType: 'website' },
      ),
      0,
      context,
      1,
    );
    const bees = bestWindow(
      passage(
        'In midsummer, fifty or sixty thousand bees. In winter it drops to maybe ten thousand. A worker bee born in June lives about six weeks; she literally works herself to death.',
        { documentTitle: 'Podcast', documentType: 'website' },
      ),
      1,
      context,
      1,
    );
    expect(about?.score).toBeGreaterThan(bees?.score ?? Number.POSITIVE_INFINITY);
  });

  it('answers "how old were you…" with the age the creator gives of themselves, not an age limit', () => {
    const question = 'How old were you when you started beekeeping?';
    const about = passage(
      'Open Apiary afternoons start in May, and the beginners course runs in April. Children aged 8 and over can come with an adult.\n\nA swarm came over the hedge in June 2009. I was 41 and had never held a frame, so a neighbour showed me how to hive it.',
      { documentType: 'website' },
    );
    const window = windowFor(question, about, 'Elspeth Harrow');
    expect(window?.sentences.map((s) => s.text)).toContain(
      'I was 41 and had never held a frame, so a neighbour showed me how to hive it.',
    );
  });

  it('does not take the creator’s story of their own teaching as saying who taught them', () => {
    const teaching = passage(
      'ON TEACHING SMALL GROUPS\n\nEvery class at the Hale Bench School has six students, maximum. I tried eight once, in 2014.',
    );
    expect(windowFor('Who taught you woodworking?', teaching)?.cued).toBe(false);
    // The same story does answer a question about their past.
    expect(windowFor('Did you ever teach bigger groups?', teaching)?.cued).toBe(true);
  });

  it('reads a lead that announces what follows as leading up to the passage', () => {
    const text =
      'The rungs get dried hard, down to two percent moisture. The post dries and shrinks around the tenon. They lock.';
    const question = 'How does the joint lock without glue?';
    const extra = { documentType: 'file' as const, documentTitle: 'Episode 31' };
    const announced = windowFor(
      question,
      passage(text, { ...extra, previousText: 'Now the clever part. It needs no glue at all.' }),
    );
    const prose = windowFor(
      question,
      passage(text, {
        ...extra,
        previousText: 'The posts get bent in a steam box. It needs no glue at all.',
      }),
    );
    expect(announced && prose && announced.score > prose.score).toBe(true);
  });

  it('opens on the short reply under the question heading it answers ("CAN I BRING MY DOG?" — "Sorry, no.")', () => {
    const faq = passage("CAN I BRING MY DOG?\nSorry, no. Ken's hens roam free, and they were here first.", {
      documentType: 'file',
      documentTitle: 'Questions People Ask',
    });
    expect(windowFor('Can I bring my dog?', faq)?.sentences[0]?.text).toBe('Sorry, no.');
  });

  it('does not read a question heading with "skip" as a section against what it says', () => {
    const faq = (heading: string) =>
      passage(
        `${heading}\n\nSkip as many weeks as you like for holidays, at no charge, if you tell us by Monday.`,
        {
          documentType: 'file',
          documentTitle: 'Questions People Ask',
        },
      );
    const question = 'Will we still be paying for boxes while we are on holiday?';
    const asked = windowFor(question, faq('CAN I SKIP A WEEK?'));
    const against = windowFor(question, faq('Skip these mistakes'));
    expect(asked && against && asked.score > against.score).toBe(true);
  });
});

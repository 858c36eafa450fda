import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/retrieve';
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

const windowFor = (question: string, p: Passage) =>
  bestWindow(
    p,
    0,
    {
      terms: questionTerms(question, undefined),
      intent: questionIntent(question),
      cloneName: 'Juniper Hale',
      said: new Set(),
      question,
    },
    1,
  );

describe('bestWindow', () => {
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
});

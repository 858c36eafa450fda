import { parseCitationMarkers } from '@doppel/core';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/retrieve';
import { composeGroundedAnswer, tidySentence, withMarker } from './compose-grounded-answer';

const passage = (id: string, text: string, extra: Partial<Passage> = {}): Passage => ({
  chunkId: Number(id.replace(/\D/g, '')) || 1,
  text,
  documentId: `doc-${id}`,
  documentTitle: `Title ${id}`,
  documentType: 'website',
  url: `https://example.com/${id}`,
  timestampMs: null,
  rank: 1,
  ...extra,
});

const starter = passage(
  'a',
  'I feed my starter once a day when it lives on the counter. The ratio I use is one part starter, one part flour and one part water. Rye flour is nice too.',
);
const smell = passage(
  'b',
  'A hungry starter smells sharp, like nail polish remover. That smell is not a sign that it died.',
  { documentType: 'youtube', timestampMs: 42_000, url: 'https://youtu.be/x' },
);
const unrelated = passage('c', 'Bulk fermentation takes four to six hours in a warm kitchen.');
const other = passage('d', 'Scoring the loaf deeply gives the best oven spring.');

describe('composeGroundedAnswer', () => {
  it('answers with relevant sentences, each followed by the marker of its citation', () => {
    const answer = composeGroundedAnswer('How often do you feed your starter?', [
      starter,
      smell,
      unrelated,
      other,
    ]);
    expect(answer).not.toBeNull();
    const { text, citations } = answer ?? { text: '', citations: [] };
    expect(text).toContain('I feed my starter once a day when it lives on the counter [1].');
    // Every marker in the text points at a used citation, numbered from 1 in order of first use.
    const markers = parseCitationMarkers(text).flatMap((s) => (s.kind === 'marker' ? [s.n] : []));
    const used = citations.filter((c) => c.used).map((c) => c.position);
    expect([...new Set(markers)]).toEqual(used);
    expect(used[0]).toBe(1);
    expect(citations[0]).toMatchObject({
      documentId: 'doc-a',
      documentTitle: 'Title a',
      type: 'website',
      text: starter.text,
    });
    // Relevant but unused passages follow, not used.
    const unused = citations.filter((c) => !c.used);
    expect(unused.length).toBeGreaterThan(0);
    expect(unused[0]?.position).toBe(used.length + 1);
    expect(text).not.toContain('Bulk fermentation');
  });

  it('keeps the timestamp and type of transcript passages', () => {
    const answer = composeGroundedAnswer('Why does my starter smell like nail polish?', [smell, starter]);
    expect(answer?.text.startsWith('A hungry starter smells sharp, like nail polish remover [1].')).toBe(
      true,
    );
    expect(answer?.citations[0]).toMatchObject({
      used: true,
      position: 1,
      type: 'youtube',
      timestampMs: 42_000,
    });
  });

  it('answers null when no sentence speaks to the question', () => {
    expect(composeGroundedAnswer('What camera do you use?', [unrelated, other])).toBeNull();
    expect(composeGroundedAnswer('anything', [])).toBeNull();
  });

  it('skips greetings to an audience, third-person lines and what was already said', () => {
    const transcript = passage(
      'e',
      'Hi everyone, today I talk about starters. Today Sam explains starter feeding. I feed the starter at nine in the evening.',
    );
    const answer = composeGroundedAnswer('When do you feed the starter?', [transcript], {
      cloneName: 'Sam Okafor',
      exclude: ['I feed the starter at nine in the evening [1].'],
    });
    expect(answer).toBeNull();
  });
});

describe('tidySentence and withMarker', () => {
  it('drops fillers and ends sentences', () => {
    expect(tidySentence('so, um, the dough rests')).toBe('The dough rests.');
    expect(tidySentence('Why not?')).toBe('Why not?');
  });

  it('puts the marker before a final full stop, after other end marks', () => {
    expect(withMarker('It works.', 2)).toBe('It works [2].');
    expect(withMarker('Does it?', 1)).toBe('Does it? [1]');
  });
});

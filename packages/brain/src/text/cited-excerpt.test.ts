import { describe, expect, it } from 'vitest';
import { citedExcerpt } from './cited-excerpt';

const intro = 'Hello and welcome to Bench Notes, the podcast where I answer your questions.';
const bench = 'Bench height should fit your body, not a drawing. Measure to the crease of your wrist.';
const plane = 'A number 5 jack plane, no contest. Buy an old one at a flea market.';
const chunk = {
  text: `${intro}\n\n${bench}\n\n${plane}`,
  timestampMs: 0,
  moments: [
    { at: 0, ms: 0 },
    { at: intro.length + 2, ms: 18_000 },
    { at: intro.length + 2 + bench.length + 2, ms: 85_000 },
  ],
};

describe('citedExcerpt', () => {
  it('quotes the paragraph that holds the claim, with its own timestamp', () => {
    expect(citedExcerpt(chunk, ['Bench height should fit your body, not a drawing.'])).toEqual({
      text: bench,
      timestampMs: 18_000,
    });
  });

  it('spans the paragraphs from the first claim to the last', () => {
    expect(
      citedExcerpt(chunk, ['Measure to the crease of your wrist.', 'Buy an old one at a flea market.']),
    ).toEqual({
      text: `${bench}\n\n${plane}`,
      timestampMs: 18_000,
    });
  });

  it("falls back on the words an answer shares with a paragraph (an LLM's own sentence)", () => {
    expect(citedExcerpt(chunk, ['I would buy a jack plane at a flea market [2].']).timestampMs).toBe(85_000);
  });

  it('keeps the whole chunk and its timestamp when nothing points inside it', () => {
    expect(citedExcerpt(chunk, [])).toEqual({ text: chunk.text, timestampMs: 0 });
    expect(citedExcerpt(chunk, ['Nothing in common here.'])).toEqual({ text: chunk.text, timestampMs: 0 });
    const textDocument = { text: `${bench}\n\n${plane}`, timestampMs: null, moments: [] };
    expect(citedExcerpt(textDocument, ['Buy an old one at a flea market.'])).toEqual({
      text: plane,
      timestampMs: null,
    });
  });
});

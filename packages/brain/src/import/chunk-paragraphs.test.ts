import { describe, expect, it } from 'vitest';
import { countWords } from '../text/sentences';
import { CHUNK_MAX_WORDS, CHUNK_MIN_WORDS, chunkParagraphs } from './chunk-paragraphs';

const sentence = (n: number, word = 'word') =>
  `${Array.from({ length: n - 1 }, () => word).join(' ')} end.`.replace(/^./, (c) => c.toUpperCase());
const paragraph = (sentences: number, words = 10, timestampMs: number | null = null) => ({
  text: Array.from({ length: sentences }, () => sentence(words)).join(' '),
  timestampMs,
});

describe('chunkParagraphs', () => {
  it('keeps a short document as one chunk', () => {
    const chunks = chunkParagraphs([{ text: 'Just a note.', timestampMs: null }]);
    expect(chunks).toEqual([{ position: 0, text: 'Just a note.', timestampMs: null, moments: [] }]);
  });

  it('says where each timestamped paragraph starts in its chunk (citations quote it with its time)', () => {
    const [chunk] = chunkParagraphs([
      { text: 'Hello and welcome.', timestampMs: 0 },
      { text: 'Bench height should fit your body.', timestampMs: 18_000 },
    ]);
    expect(chunk?.moments).toEqual([
      { at: 0, ms: 0 },
      { at: 'Hello and welcome.\n\n'.length, ms: 18_000 },
    ]);
    expect(chunk?.text.slice(chunk.moments[1]?.at)).toBe('Bench height should fit your body.');
  });

  it('makes chunks of 60 to 180 words that end at paragraph ends', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => paragraph(3 + (i % 4), 12));
    const chunks = chunkParagraphs(paragraphs);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(countWords(chunk.text)).toBeGreaterThanOrEqual(CHUNK_MIN_WORDS);
      expect(countWords(chunk.text)).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    }
    const joined = chunks.map((c) => c.text).join('\n\n');
    expect(joined).toBe(paragraphs.map((p) => p.text).join('\n\n'));
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });

  it('cuts a long paragraph at sentence ends', () => {
    const chunks = chunkParagraphs([paragraph(40, 10)]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.text.endsWith('end.')).toBe(true);
      expect(countWords(chunk.text)).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    }
  });

  it('cuts a sentence longer than a chunk into word runs', () => {
    const chunks = chunkParagraphs([{ text: sentence(400), timestampMs: null }]);
    expect(chunks.map((c) => countWords(c.text))).toEqual([180, 180, 40]);
  });

  it('gives each chunk the timestamp of its first timestamped paragraph', () => {
    const chunks = chunkParagraphs([
      paragraph(4, 10, null),
      paragraph(4, 10, 5_000),
      paragraph(6, 10, 65_000),
      paragraph(9, 10, 130_000),
      paragraph(20, 10, 200_000),
    ]);
    expect(chunks[0]?.timestampMs).toBe(5_000);
    // Timestamped paragraphs start chunks; the last chunk starts inside a paragraph and takes its timestamp.
    expect(chunks.map((c) => c.timestampMs)).toEqual([5_000, 65_000, 130_000, 200_000, 200_000]);
  });

  it('folds a short tail into the chunk before it', () => {
    const chunks = chunkParagraphs([paragraph(10, 12), paragraph(1, 8)]);
    expect(chunks).toHaveLength(1);
    expect(countWords(chunks[0]?.text ?? '')).toBe(128);
  });

  it('starts a chunk at a heading rather than ending one with it', () => {
    const chunks = chunkParagraphs([
      paragraph(7, 10),
      { text: 'What not to buy yet', timestampMs: null, heading: true },
      paragraph(7, 10),
    ]);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]?.text.startsWith('What not to buy yet\n\n')).toBe(true);
    expect(chunks[0]?.text).not.toContain('What not to buy yet');
  });

  it('keeps an interviewer’s question with its answer, not at the end of the chunk before', () => {
    const asked = "OWEN: What's the very oddest place you've ever tuned a piano?";
    const chunks = chunkParagraphs([
      paragraph(10, 10),
      { text: asked, timestampMs: null },
      { text: `NELL: A narrowboat. ${sentence(12)}`, timestampMs: null },
      paragraph(6, 10),
    ]);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]?.text.startsWith(`${asked}\n\nNELL: A narrowboat.`)).toBe(true);
    expect(chunks[0]?.text).not.toContain(asked);
  });

  it('opens a chunk that starts inside a section with that section’s heading', () => {
    const chunks = chunkParagraphs([
      { text: 'The budget, line by line', timestampMs: null, heading: true },
      ...Array.from({ length: 6 }, () => paragraph(4, 12)),
    ]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.startsWith('The budget, line by line\n\n')).toBe(true);
  });

  it('keeps the moments of a chunk right when it opens with its section’s heading', () => {
    const chunks = chunkParagraphs([
      { text: 'Sharpening', timestampMs: null, heading: true },
      ...Array.from({ length: 6 }, (_, i) => paragraph(4, 12, i * 10_000)),
    ]);
    const second = chunks[1];
    expect(second?.text.slice(second.moments[0]?.at).startsWith('Word')).toBe(true);
  });
});

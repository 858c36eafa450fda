import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importClone } from '../import/import-clone';
import { copyFixture } from '../testing/clone-fixture';
import type { Passage } from './retrieve';
import {
  biographyTitlePattern,
  fewPerDocument,
  PASSAGES_PER_DOCUMENT,
  searchKnowledge,
} from './search-knowledge';

describe('biographyTitlePattern', () => {
  it('names an About page, a bio, an interview, and the creator in full — not their first name alone', () => {
    const pattern = new RegExp(biographyTitlePattern('Sam Okafor').replace(/\\[mM]/g, '\\b'), 'i');
    for (const title of ['About Sam', 'My bio', 'The Bread Hour - Sam Okafor on quitting the buses'])
      expect(pattern.test(title), title).toBe(true);
    for (const title of ['Baking with Sam - FAQ', 'Choosing your dough hydration'])
      expect(pattern.test(title), title).toBe(false);
  });
});

describe('fewPerDocument', () => {
  it('keeps at most a few passages of one document, so that other documents keep their places', () => {
    const of = (documentId: string, chunkId: number): Passage => ({
      chunkId,
      text: '',
      documentId,
      documentTitle: documentId,
      documentType: 'website',
      url: null,
      timestampMs: null,
      rank: 1,
      position: chunkId,
      next: null,
    });
    const passages = [...Array.from({ length: 6 }, (_, i) => of('long', i)), of('other', 9)];
    const kept = fewPerDocument(passages, 8);
    expect(kept.filter((p) => p.documentId === 'long')).toHaveLength(PASSAGES_PER_DOCUMENT);
    expect(kept.at(-1)?.documentId).toBe('other');
  });
});

describe.each(testDatabases())('searchKnowledge on $name', ({ open }) => {
  let db: Db;
  let cloneId: string;
  const clone = () => ({ id: cloneId, name: 'Sam Okafor' });

  beforeAll(async () => {
    db = await open();
    const folder = await copyFixture('baker');
    await folder.write(
      'knowledge/about.md',
      '---\ntitle: About Sam\ntype: website\n---\nBefore I baked bread for a living, I drove a city bus for twelve years. I still get up at four, a habit from the early shifts, and the bakery opened in 2019.\n',
    );
    await folder.write(
      'knowledge/crust.md',
      '---\ntitle: Getting a dark crust\ntype: website\n---\nA dark crust has more colour and far more flavour than a pale one. I bake until the crust is a deep reddish brown, ten minutes past where most people stop, with the lid off for the last twenty-five minutes.\n',
    );
    await folder.write(
      'knowledge/classes.md',
      "---\ntitle: Saturday classes\ntype: website\n---\nClasses run on Saturdays, six people at most. Cancel more than a week ahead and I refund the whole fee. The shop is named after my grandmother's street, Rose Lane.\n",
    );
    await folder.write(
      'knowledge/oven.md',
      '---\ntitle: Sam Okafor on wood-fired ovens\ntype: podcast\n---\nMy oven is wood-fired and holds forty loaves. It takes three hours to heat.\n',
    );
    // A post titled as a question, its short answer first, then sections that all name its words.
    const filler = 'Autumn and spring suit most homes, a few weeks after the heating changes. '.repeat(6);
    const sections = Array.from(
      { length: 7 },
      (_, k) =>
        `## Part ${k + 1}\n\nA piano tuned well holds its pitch; a piano left untuned drifts. ${'Tuning a piano takes an hour. '.repeat(10)}`,
    );
    await folder.write(
      'knowledge/tuning.md',
      `---\ntitle: How Often Should a Piano Be Tuned?\ntype: website\n---\n## The short answer\n\nTwice a year for a family home. ${filler}\n\n${sections.join('\n\n')}\n`,
    );
    ({ cloneId } = await importClone(db, folder.dir));
    await folder.dispose();
  });
  afterAll(() => db.close());

  it('finds a passage by a synonym or another spelling of the question’s word', async () => {
    const { passages } = await searchKnowledge(db, clone(), 'What color should the crust be?');
    expect(passages[0]?.documentTitle).toBe('Getting a dark crust');
  });

  it('finds the word a creator writes for an everyday phrase ("money back" → refund, "called" → named)', async () => {
    const refund = await searchKnowledge(db, clone(), 'Can I get my money back?');
    expect(refund.passages[0]?.documentTitle).toBe('Saturday classes');
    const name = await searchKnowledge(db, clone(), 'What is it called?');
    expect(name.passages[0]?.documentTitle).toBe('Saturday classes');
  });

  it('puts the creator’s biography first for a question about their own past', async () => {
    const { passages } = await searchKnowledge(db, clone(), 'What did you do before you started baking?', {
      aboutCreator: true,
    });
    expect(passages[0]?.documentTitle).toBe('About Sam');
  });

  it('adds the About page’s opening for what the creator did before, though other biography passages match', async () => {
    const question = 'What did you do for work before the oven?';
    const before = await searchKnowledge(db, clone(), question, { aboutCreator: true, earlier: true });
    expect(before.passages.map((p) => p.documentTitle)).toContain('About Sam');
    const now = await searchKnowledge(db, clone(), 'How long does your oven take to heat?', {
      aboutCreator: true,
    });
    expect(now.passages.map((p) => p.documentTitle)).not.toContain('About Sam');
  });

  it('adds the opening of a document that filled its share of passages without it', async () => {
    const { passages } = await searchKnowledge(db, clone(), 'How often should my piano be tuned?', {
      limit: 12,
    });
    const tuning = passages.filter((p) => p.documentTitle === 'How Often Should a Piano Be Tuned?');
    expect(tuning.length).toBeGreaterThan(PASSAGES_PER_DOCUMENT);
    expect(tuning.some((p) => p.position === 0 && p.text.includes('Twice a year'))).toBe(true);
  });

  it('answers the clone’s frequency of each lexeme of the question, 0 for words it never uses', async () => {
    const { frequencies, chunks } = await searchKnowledge(db, clone(), 'starter cryptocurrency');
    expect(frequencies.get('starter')).toBeGreaterThan(0);
    expect(frequencies.get('cryptocurr')).toBe(0);
    expect(chunks).toBeGreaterThan(0);
  });

  it('gives each passage its place in the document and the chunk after it', async () => {
    const { passages } = await searchKnowledge(db, clone(), 'Dutch oven lid');
    const top = passages[0];
    expect(top?.position).toBeGreaterThanOrEqual(0);
    const next = await db.query(
      'SELECT c.id FROM chunks c JOIN chunks p ON p.document_id = c.document_id AND c.position = p.position + 1 WHERE p.id = $1',
      [top?.chunkId],
    );
    expect(top?.next?.chunkId ?? null).toBe(next.length > 0 ? Number((next[0] as { id: unknown }).id) : null);
  });

  it('gives each passage the text of the chunk before it (none for a document’s first chunk)', async () => {
    const { passages } = await searchKnowledge(db, clone(), 'Dutch oven lid crust starter', { limit: 10 });
    for (const p of passages) {
      const rows = await db.query(
        'SELECT c.text FROM chunks c JOIN chunks p ON p.document_id = c.document_id AND c.position = p.position - 1 WHERE p.id = $1',
        [p.chunkId],
      );
      const before = rows.length > 0 ? String((rows[0] as { text: unknown }).text) : null;
      expect(p.previousText ?? null).toBe(before);
    }
    expect(passages.some((p) => p.position > 0)).toBe(true);
  });
});

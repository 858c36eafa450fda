import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importClone } from '../import/import-clone';
import { copyFixture } from '../testing/clone-fixture';
import { retrieve } from './retrieve';

describe.each(testDatabases())('retrieve on $name', ({ open }) => {
  let db: Db;
  let cloneId: string;
  beforeAll(async () => {
    db = await open();
    const folder = await copyFixture('baker');
    ({ cloneId } = await importClone(db, folder.dir));
    await folder.dispose();
  });
  afterAll(() => db.close());

  const titles = async (query: string, limit = 6) =>
    (await retrieve(db, cloneId, query, { limit })).map((p) => p.documentTitle);

  it.each([
    ['What hydration should a beginner use?', 'Choosing your dough hydration'],
    ['my starter smells like nail polish remover', 'Keeping a sourdough starter alive'],
    ['How long is bulk fermentation?', 'How I plan a bake day'],
    ['steam and scoring for oven spring', 'Crumb Talk, episode 12: oven spring'],
    ['Why buy flour from a mill?', 'Notes on flour'],
  ])('ranks the passage that answers "%s" first', async (query, title) => {
    expect((await titles(query))[0]).toBe(title);
  });

  it('answers passages with their document, type, url and timestamp, best first', async () => {
    const passages = await retrieve(db, cloneId, 'Dutch oven lid', { limit: 3 });
    expect(passages[0]).toMatchObject({
      documentTitle: 'How I plan a bake day',
      documentType: 'youtube',
      url: 'https://www.youtube.com/watch?v=bakeday01',
      timestampMs: 135_000,
    });
    expect(passages[0]?.text).toContain('Dutch oven');
    const ranks = passages.map((p) => p.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('answers nothing for words the clone never used, stop words, or another clone', async () => {
    expect(await retrieve(db, cloneId, 'cryptocurrency blockchain')).toEqual([]);
    expect(await retrieve(db, cloneId, 'the and of to')).toEqual([]);
    expect(await retrieve(db, cloneId, '')).toEqual([]);
    expect(await retrieve(db, '00000000-0000-0000-0000-000000000000', 'starter')).toEqual([]);
  });

  it('copes with punctuation and quotes in the question', async () => {
    expect((await titles("what's rye's role? (starter) 'sluggish' & | ! :*"))[0]).toBe(
      'Keeping a sourdough starter alive',
    );
  });

  it('respects the limit', async () => {
    expect((await retrieve(db, cloneId, 'flour water starter dough', { limit: 2 })).length).toBe(2);
  });
});

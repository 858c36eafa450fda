import type { Db, Queryable } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { describe, expect, it } from 'vitest';
import { importClone } from '../import/import-clone';
import { LruMap } from '../lru-map';
import { copyFixture } from '../testing/clone-fixture';
import { retrieve } from './retrieve';
import { RetrievalCache } from './stats-cache';

describe('LruMap', () => {
  it('forgets the least recently used entry beyond its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });
});

describe('RetrievalCache', () => {
  it('adds terms read at the same version and starts over at another', () => {
    const cache = new RetrievalCache();
    cache.record('c', 1, 10, [{ term: 'a', df: 2 }]);
    cache.record('c', 1, 10, [{ term: 'b', df: 0 }]);
    expect([...(cache.stats('c')?.df ?? [])]).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
    cache.record('c', 2, 12, [{ term: 'b', df: 1 }]);
    expect(cache.stats('c')).toEqual({ version: 2, chunks: 12, df: new Map([['b', 1]]) });
    cache.forget('c');
    expect(cache.stats('c')).toBeUndefined();
  });
});

/**
 * Another handle on the same database, as another server process would have: its own cache.
 * Every statement it runs is counted.
 */
function otherProcess(db: Db): Queryable & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    query: (sql, params, options) => {
      statements.push(sql);
      return db.query(sql, params, options);
    },
  };
}

const hydration = (extra: string) => `---
title: Choosing your dough hydration
type: website
---

Hydration is the weight of water divided by the weight of flour. ${extra}
`;

describe.each(testDatabases())('retrieval statistics cache on $name', ({ open }) => {
  it('answers a repeated question in one statement and sees every import, from any process', async () => {
    const db = await open();
    const folder = await copyFixture('baker');
    try {
      const { cloneId } = await importClone(db, folder.dir);
      const a = otherProcess(db);
      const titles = async (q: string) => (await retrieve(a, cloneId, q)).map((p) => p.documentTitle);
      const first = await retrieve(a, cloneId, 'What hydration should a beginner use?');
      expect(first[0]?.documentTitle).toBe('Choosing your dough hydration');
      expect(a.statements).toHaveLength(2); // lexemes and frequencies, then the ranking
      a.statements.length = 0;
      expect(await retrieve(a, cloneId, 'What hydration should a beginner use?')).toEqual(first);
      // The same ranking at the same version: only the version is read.
      expect(a.statements).toHaveLength(1);
      expect(a.statements[0]).toMatch(/^SELECT version FROM clone_knowledge_stats/);

      // Words the clone never used: cached as such, then found once an import brings them.
      expect(await titles('zeppelin airship')).toEqual([]);
      a.statements.length = 0;
      expect(await titles('zeppelin airship')).toEqual([]);
      expect(a.statements).toHaveLength(1); // the version check only
      await folder.write('knowledge/hydration.md', hydration('A zeppelin full of dough would float.'));
      await importClone(db, folder.dir); // through another handle: `a` learns it from the version
      expect(await titles('zeppelin airship')).toEqual(['Choosing your dough hydration']);
      // A ranking kept from before the import is not used: the passage has its new text.
      const again = await retrieve(a, cloneId, 'What hydration should a beginner use?');
      expect(again.find((p) => p.documentTitle === 'Choosing your dough hydration')?.text).toContain(
        'zeppelin',
      );

      // Knowledge removed: the cached frequencies and the kept ranking no longer hold. The version
      // check reads the new version, so the question is planned again from fresh statistics and
      // follows the data.
      const question = 'water divided by the weight of flour';
      expect((await titles(question))[0]).toBe('Choosing your dough hydration');
      await folder.remove('knowledge/hydration.md');
      await importClone(db, folder.dir);
      a.statements.length = 0;
      expect(await titles(question)).not.toContain('Choosing your dough hydration');
      expect(a.statements).toHaveLength(3); // the kept ranking's version check, lookup, ranking
      a.statements.length = 0;
      expect(await titles(question)).not.toContain('Choosing your dough hydration');
      expect(a.statements).toHaveLength(1); // asked again at this version: the version check only
      expect(await titles('zeppelin')).toEqual([]);
    } finally {
      await folder.dispose();
      await db.close();
    }
    // Three imports into a fresh embedded database: on a machine shared with other test runs this
    // took up to a minute, past the default 30 s (no assertion depends on the time).
  }, 120_000);

  it('bumps the statistics version with every import that changes knowledge', async () => {
    const db = await open();
    const folder = await copyFixture('baker');
    try {
      const { cloneId } = await importClone(db, folder.dir);
      const version = async () =>
        (
          await db.query<{ version: number }>(
            'SELECT version FROM clone_knowledge_stats WHERE clone_id = $1',
            [cloneId],
          )
        )[0]?.version;
      const v1 = await version();
      await importClone(db, folder.dir); // unchanged: nothing to invalidate
      expect(await version()).toBe(v1);
      await folder.write('knowledge/hydration.md', hydration('More water, more holes.'));
      await importClone(db, folder.dir);
      expect(await version()).toBe((v1 ?? 0) + 1);
    } finally {
      await folder.dispose();
      await db.close();
    }
  });
});

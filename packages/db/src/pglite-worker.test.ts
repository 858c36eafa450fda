import { describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPgliteWorkerDb } from './pglite-worker';
import { queryPriority, URGENT } from './query-priority';
import { openPgliteOnWorker } from './testing';

/** A query that keeps PostgreSQL busy for a while (~0.2–2 s here). */
const SLOW = 'SELECT count(*)::int AS n FROM generate_series(1, 1000000) AS g(i) WHERE i % 7 = 3';

/** The longest gap between 5 ms timer ticks on this thread while `work` runs, and its duration. */
async function stallDuring(work: () => Promise<unknown>): Promise<{ maxGapMs: number; tookMs: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const ended = performance.now();
  clearInterval(timer);
  maxGapMs = Math.max(maxGapMs, ended - last);
  const tookMs = ended - started;
  return { maxGapMs, tookMs };
}

async function using<T>(opened: Promise<Db>, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await opened;
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe('PGlite on a worker thread', () => {
  it('answers the values the in-thread Db answers: numbers, Dates, bytes, json, arrays', () =>
    using(openPgliteOnWorker(), async (db) => {
      expect(db.kind).toBe('pglite');
      const [row] = await db.query<Record<string, unknown>>(
        'SELECT count(*) AS n, now() AS at, $1::bytea AS b, \'{"a":[1]}\'::jsonb AS j, ARRAY[1, 2]::bigint[] AS ids, 1.5::numeric AS x',
        [new Uint8Array([0, 255])],
      );
      expect(row?.n).toBe(1);
      expect(row?.at).toBeInstanceOf(Date);
      expect(row?.b).toBeInstanceOf(Uint8Array);
      expect([...((row?.b as Uint8Array) ?? [])]).toEqual([0, 255]);
      expect(row?.j).toEqual({ a: [1] });
      expect(row?.ids).toEqual([1, 2]);
      expect(row?.x).toBe('1.5');
      // The migrated schema is there (the worker started from the test template).
      const [clones] = await db.query<{ n: number }>('SELECT count(*) AS n FROM clones');
      expect(clones?.n).toBe(0);
    }));

  it("keeps PostgreSQL's error fields (code, constraint) for the caller to test", () =>
    using(openPgliteOnWorker(), async (db) => {
      await db.exec?.('CREATE TABLE t (x int PRIMARY KEY)');
      await db.query('INSERT INTO t VALUES (1)');
      const error = await db.query('INSERT INTO t VALUES (1)').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
      expect(String((error as Error).message)).toContain('duplicate key');
    }));

  it('commits a transaction, rolls one back when its function throws, and keeps others out meanwhile', () =>
    using(openPgliteOnWorker(), async (db) => {
      await db.exec?.('CREATE TABLE t (x int PRIMARY KEY)');
      const boom = new Error('boom');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (1)');
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await db.query('SELECT x FROM t')).toEqual([]);

      let outsideRan = false;
      const { outside } = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)');
        // A query outside the transaction waits for it (one connection), as on this thread.
        const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((rows) => {
          outsideRan = true;
          return rows;
        });
        await new Promise((r) => setTimeout(r, 50));
        expect(outsideRan).toBe(false);
        await tx.query('INSERT INTO t VALUES (3)');
        return { outside };
      });
      expect(await outside).toEqual([{ n: 2 }]);
      // A failing statement inside: the error reaches the function, the transaction rolls back.
      const failed = await db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (4)');
          await tx.query('INSERT INTO t VALUES (2)');
        })
        .catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: '23505' });
      expect(await db.query('SELECT x FROM t ORDER BY x')).toEqual([{ x: 2 }, { x: 3 }]);
    }));

  it('dumps a data folder another instance opens, and refuses queries once closed', async () => {
    const db = await openPgliteOnWorker();
    await db.exec?.("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('yes')");
    const dump = await db.dump();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/exited/);
    await using(openPgliteWorkerDb('memory://', { loadDataDir: dump }), async (again) => {
      expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 'yes' }]);
    });
  });

  it("leaves this thread's event loop free while a long query runs (in-thread PGlite stalls it)", async () => {
    const onWorker = await using(openPgliteOnWorker(), (db) => stallDuring(() => db.query(SLOW)));
    const here = await using(openPgliteDb('memory://'), (db) => stallDuring(() => db.query(SLOW)));
    // In-thread, the whole query runs between two ticks; on the worker, ticks keep coming.
    expect(here.maxGapMs).toBeGreaterThan(here.tookMs * 0.8);
    expect(onWorker.tookMs).toBeGreaterThan(100);
    expect(onWorker.maxGapMs).toBeLessThan(onWorker.tookMs / 3);
  });

  it('runs the waiting statement of the earliest request first, urgent ones before all', () =>
    using(openPgliteOnWorker(), async (db) => {
      const order: string[] = [];
      const at = (priority: number, name: string, sql = 'SELECT 1') =>
        queryPriority.run(priority, async () => {
          await db.query(sql);
          order.push(name);
        });
      // A slow urgent statement runs first and keeps the others waiting, however the worker's
      // turns fall: all of them are in line when it chooses the next (on a loaded machine the
      // first choice could otherwise come before the rest had arrived).
      const all = [at(URGENT, 'blocker', SLOW)];
      // All the others queue at once, arriving latest-request-first.
      all.push(at(1, 'busy', SLOW), at(50, 'r50'), at(30, 'r30'), at(40, 'r40'), at(20, 'r20'));
      const tx = queryPriority.run(25, () =>
        db.transaction(async (t) => {
          await t.query('SELECT 1');
          await t.query('SELECT 2');
          order.push('tx25');
        }),
      );
      all.push(tx, at(URGENT, 'health'));
      await Promise.all(all);
      expect(order).toEqual(['blocker', 'health', 'busy', 'r20', 'tx25', 'r30', 'r40', 'r50']);
    }));

  it('rejects with the worker’s error when the database cannot be opened', async () => {
    await expect(openPgliteWorkerDb('/dev/null/doppel')).rejects.toThrow(/dev\/null\/doppel/);
  });
});

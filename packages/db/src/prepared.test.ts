import { describe, expect, it } from 'vitest';
import { STATEMENT_CACHE_CAPACITY } from './statement-cache';
import { testDatabases } from './testing';

describe.each(testDatabases())('prepared statements on $name', ({ open }) => {
  it('runs one text with many parameter values, in both plan modes, with the same rows', async () => {
    const db = await open();
    try {
      await db.query(
        "INSERT INTO clones (slug, name) SELECT 'c' || g, 'Clone ' || g FROM generate_series(1, 20) g",
      );
      const sql = 'SELECT slug, name FROM clones WHERE slug = $1';
      for (let i = 1; i <= 20; i++) {
        // More than five runs: PostgreSQL may switch the cached statement to its generic plan.
        expect(await db.query(sql, [`c${i}`])).toEqual([{ slug: `c${i}`, name: `Clone ${i}` }]);
        expect(await db.query(sql, [`c${i}`], { plan: 'per-call' })).toEqual([
          { slug: `c${i}`, name: `Clone ${i}` },
        ]);
      }
      expect(await db.query(sql, ['none'])).toEqual([]);
      // Statements without result rows, and their effect.
      expect(await db.query('UPDATE clones SET verified = true WHERE slug = $1', ['c1'])).toEqual([]);
      const [row] = await db.query<{ verified: boolean }>('SELECT verified FROM clones WHERE slug = $1', [
        'c1',
      ]);
      expect(row?.verified).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('answers errors as before and keeps working after them, in and out of transactions', async () => {
    const db = await open();
    try {
      for (let i = 0; i < 2; i++) {
        await expect(db.query('SELEC 1')).rejects.toThrow(/syntax error/);
        await expect(db.query('SELECT 1 / $1::int AS x', [0])).rejects.toThrow(/division by zero/);
        expect(await db.query('SELECT 1 / $1::int AS x', [1])).toEqual([{ x: 1 }]);
      }
      await db.query("INSERT INTO clones (slug, name) VALUES ('taken', 'Taken')");
      const insert = "INSERT INTO clones (slug, name) VALUES ($1, 'X')";
      await expect(db.query(insert, ['taken'])).rejects.toThrow(/duplicate key/);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(insert, ['kept?']);
          await tx.query(insert, ['taken']);
        }),
      ).rejects.toThrow(/duplicate key/);
      await db.transaction(async (tx) => {
        await tx.query(insert, ['fresh']);
      });
      const rows = await db.query<{ slug: string }>('SELECT slug FROM clones ORDER BY slug');
      expect(rows.map((r) => r.slug)).toEqual(['fresh', 'taken']);
    } finally {
      await db.close();
    }
  });

  it('re-prepares a statement whose result columns changed under it', async () => {
    const db = await open();
    try {
      await db.query('CREATE TABLE t (a int)');
      await db.query('INSERT INTO t VALUES (1)');
      const sql = 'SELECT * FROM t WHERE a = $1';
      for (let i = 0; i < 6; i++) expect(await db.query(sql, [1])).toEqual([{ a: 1 }]);
      await db.query('ALTER TABLE t ADD COLUMN b text');
      expect(await db.query(sql, [1])).toEqual([{ a: 1, b: null }]);
    } finally {
      await db.close();
    }
  });

  it(`keeps at most ${STATEMENT_CACHE_CAPACITY} statements prepared`, async () => {
    const db = await open();
    try {
      for (let i = 0; i < STATEMENT_CACHE_CAPACITY + 40; i++) {
        expect(await db.query(`SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
      }
      // One connection on PGlite; on PostgreSQL the statements live on the pool's connections.
      const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM pg_prepared_statements');
      expect(row?.n).toBeLessThanOrEqual(STATEMENT_CACHE_CAPACITY);
    } finally {
      await db.close();
    }
  });
});

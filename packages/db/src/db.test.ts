import { describe, expect, it } from 'vitest';
import { testDatabases } from './testing';

describe.each(testDatabases())('$name', ({ name, open }) => {
  it('answers rows with numbers for counts and Dates for timestamps', async () => {
    const db = await open();
    try {
      expect(db.kind).toBe(name);
      const [row] = await db.query<{ n: unknown; big: unknown; at: unknown; j: unknown; u: unknown }>(
        'SELECT count(*) AS n, 9007199254740000::bigint AS big, now() AS at, \'{"a":1}\'::jsonb AS j, gen_random_uuid() AS u',
      );
      expect(row?.n).toBe(1);
      expect(row?.big).toBe(9007199254740000);
      expect(row?.at).toBeInstanceOf(Date);
      expect(row?.j).toEqual({ a: 1 });
      expect(typeof row?.u).toBe('string');
      const [arrays] = await db.query<{ ids: unknown }>('SELECT ARRAY[1, 2]::bigint[] AS ids');
      expect(arrays?.ids).toEqual([1, 2]);
    } finally {
      await db.close();
    }
  });

  it('binds parameters, bytea and jsonb the same way', async () => {
    const db = await open();
    try {
      const bytes = new Uint8Array([0, 1, 254, 255]);
      const [media] = await db.query<{ id: string }>(
        "INSERT INTO media (sha256, content_type, bytes) VALUES ($1, 'image/png', $2) RETURNING id",
        ['abc', bytes],
      );
      const [back] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM media WHERE id = $1', [
        media?.id,
      ]);
      expect(back?.bytes).toBeInstanceOf(Uint8Array);
      expect([...(back?.bytes ?? [])]).toEqual([0, 1, 254, 255]);
      const [json] = await db.query<{ v: unknown }>('SELECT $1::jsonb AS v', [
        JSON.stringify({ x: [1, 'y'] }),
      ]);
      expect(json?.v).toEqual({ x: [1, 'y'] });
      const [array] = await db.query<{ hit: boolean; n: number }>(
        "SELECT 'b''c' = ANY ($1::text[]) AS hit, cardinality($1::text[]) AS n",
        [['a', "b'c", 'd"e,f']],
      );
      expect(array).toEqual({ hit: true, n: 3 });
    } finally {
      await db.close();
    }
  });

  it('commits a transaction and rolls back a failed one', async () => {
    const db = await open();
    try {
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO clones (slug, name) VALUES ('kept', 'Kept')");
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO clones (slug, name) VALUES ('lost', 'Lost')");
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const rows = await db.query<{ slug: string }>('SELECT slug FROM clones ORDER BY slug');
      expect(rows.map((row) => row.slug)).toEqual(['kept']);
    } finally {
      await db.close();
    }
  });

  it('has full-text search with the english configuration', async () => {
    const db = await open();
    try {
      const [row] = await db.query<{ hit: boolean }>(
        "SELECT to_tsvector('english', 'Planning the seasons') @@ plainto_tsquery('english', 'season plan') AS hit",
      );
      expect(row?.hit).toBe(true);
    } finally {
      await db.close();
    }
  });
});

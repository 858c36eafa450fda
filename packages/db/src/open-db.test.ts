import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { openDb } from './open-db';

describe('openDb', () => {
  it('persists PGlite under dataDir/pglite', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'doppel-data-'));
    try {
      const first = await openDb({ dataDir });
      expect(first.kind).toBe('pglite');
      await migrate(first);
      await first.query("INSERT INTO clones (slug, name) VALUES ('persisted', 'P')");
      await first.close();
      const second = await openDb({ dataDir });
      expect(await migrate(second)).toEqual([]);
      const rows = await second.query<{ slug: string }>('SELECT slug FROM clones');
      expect(rows).toEqual([{ slug: 'persisted' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('says which PostgreSQL it could not reach', async () => {
    await expect(openDb({ databaseUrl: 'postgres://u:secret@127.0.0.1:1/none' })).rejects.toThrow(
      /Cannot connect to PostgreSQL at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/none/,
    );
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, migrationsDir } from './migrate';
import { testDatabases } from './testing';

describe('loadMigrations', () => {
  it('reads the package migrations in name order', async () => {
    const migrations = await loadMigrations();
    expect(migrations.map((m) => m.name).slice(0, 2)).toEqual(['001_init.sql', '002_media.sql']);
    expect(migrationsDir).toMatch(/packages[/\\]db[/\\]migrations[/\\]?$/);
  });

  it('names the folder when it is missing', async () => {
    await expect(loadMigrations('/nonexistent/migrations')).rejects.toThrow(/\/nonexistent\/migrations/);
  });
});

describe.each(testDatabases())('migrate on $name', ({ open }) => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'doppel-migrations-'));
    await writeFile(
      join(dir, '002_second.sql'),
      'CREATE TABLE second_t (id int); INSERT INTO second_t VALUES (2);',
    );
    await writeFile(
      join(dir, '001_first.sql'),
      'CREATE TABLE first_t (id int);\nINSERT INTO first_t VALUES (1);',
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('applies every migration once, even when runs overlap', async () => {
    const db = await open();
    try {
      const runs = await Promise.all([migrate(db, { dir }), migrate(db, { dir }), migrate(db, { dir })]);
      expect(runs.flat().sort()).toEqual(['001_first.sql', '002_second.sql']);
      const rows = await db.query<{ n: number }>('SELECT count(*) AS n FROM second_t');
      expect(rows[0]?.n).toBe(1);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('rolls back and names the migration that fails', async () => {
    const db = await open();
    try {
      const migrations = [
        { name: '900_ok.sql', sql: 'CREATE TABLE ok_t (id int);' },
        { name: '901_bad.sql', sql: 'CREATE TABLE nope (' },
      ];
      await expect(migrate(db, { migrations })).rejects.toThrow(/901_bad\.sql/);
      const rows = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'ok_t'");
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

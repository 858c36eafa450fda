/**
 * @module Applies packages/db/migrations/*.sql in name order, once each, recorded in
 * `schema_migrations`. All pending migrations run in one transaction under an advisory lock,
 * so several server processes starting at once apply each migration exactly once.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db';

/** The migrations folder beside this module's package (valid when running from source). */
export const migrationsDir: string = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface Migration {
  /** The file name, e.g. '001_init.sql'; the order key. */
  name: string;
  sql: string;
}

export interface MigrateOptions {
  /** A folder of *.sql files to apply instead of `migrationsDir` (for bundled servers). */
  dir?: string;
  /** The migrations themselves (wins over `dir`). */
  migrations?: readonly Migration[];
}

/** Reads the *.sql files of `dir`, sorted by name. */
export async function loadMigrations(dir: string = migrationsDir): Promise<Migration[]> {
  if (!existsSync(dir)) {
    throw new Error(
      `Database migrations not found in ${dir}. A bundled server must ship packages/db/migrations ` +
        'and call migrate(db, { dir }) (or set DOPPEL_MIGRATIONS_DIR).',
    );
  }
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(join(dir, name), 'utf8') })));
}

async function run(tx: Queryable, sql: string): Promise<void> {
  if (tx.exec) await tx.exec(sql);
  else await tx.query(sql);
}

/**
 * Brings the schema up to date. The folder is, in order: `options.migrations`,
 * `options.dir`, env DOPPEL_MIGRATIONS_DIR, `migrationsDir`. Answers the names it applied.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrations =
    options.migrations ??
    (await loadMigrations(options.dir ?? process.env.DOPPEL_MIGRATIONS_DIR ?? migrationsDir));
  return db.transaction(async (tx) => {
    // Keyed by schema so that test schemas on one server do not wait for each other.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':doppel-migrate'))");
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      try {
        await run(tx, migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${migration.name} failed: ${reason}`);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    return pending.map((migration) => migration.name);
  });
}

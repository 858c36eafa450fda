/**
 * @module `@doppel/db/testing`: the databases every DB test runs against, as
 * `describe.each(testDatabases())('$name', ({ open }) => ...)`.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb, redact } from './postgres-db';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; `close()` throws it away. */
  open(): Promise<Db>;
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

let template: Promise<Blob> | undefined;

/**
 * In-memory PGlite, migrated. initdb + migrations take seconds, so the first open of a test
 * process builds a template data folder and every open starts from a copy of it (~0.5 s).
 */
async function openPglite(): Promise<Db> {
  template ??= (async () => {
    const db = await openPgliteDb('memory://');
    try {
      await migrate(db);
      return await db.dump();
    } finally {
      await db.close();
    }
  })();
  return openPgliteDb('memory://', { loadDataDir: await template });
}

/** A schema of its own on the test server (so test files can run in parallel), dropped on close. */
async function openPostgres(url: string): Promise<Db> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  try {
    admin = await openPostgresDb(url, { max: 1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL tests need a server at ${redact(url)} (TEST_DATABASE_URL): ${reason}. ` +
        'Start it, or set DOPPEL_TEST_POSTGRES=off to run on PGlite only.',
    );
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = await openPostgresDb(url, { searchPath: schema, max: 4 });
  const dropSchema = async (): Promise<void> => {
    const cleaner = await openPostgresDb(url, { max: 1 });
    try {
      await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await cleaner.close();
    }
  };
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    await dropSchema();
    throw error;
  }
  return {
    ...db,
    async close() {
      await db.close();
      await dropSchema();
    },
  };
}

/** pglite always; postgres unless env DOPPEL_TEST_POSTGRES=off. */
export function testDatabases(): TestDatabase[] {
  const databases: TestDatabase[] = [{ name: 'pglite', open: openPglite }];
  if (process.env.DOPPEL_TEST_POSTGRES !== 'off') {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
    databases.push({ name: 'postgres', open: () => openPostgres(url) });
  }
  return databases;
}

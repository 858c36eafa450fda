/**
 * @module `@doppel/db/testing`: the databases every DB test runs against, as
 * `describe.each(testDatabases())('$name', ({ open }) => ...)`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './db';
import { loadMigrations, migrate } from './migrate';
import { openPgliteDb, type PgliteDb } from './pglite-db';
import { openPgliteWorkerDb } from './pglite-worker';
import { openPostgresDb, redact } from './postgres-db';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; `close()` throws it away. */
  open(): Promise<Db>;
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

let template: Promise<Blob> | undefined;

/**
 * Where the migrated template is kept between test processes: a file in the system's temporary
 * folder named by a hash of the migrations and PGlite's version, so a changed migration or an
 * upgrade builds a new one. Vitest runs each test file in a process of its own; without the file
 * every one of them pays initdb (1–2 s) before its first test.
 */
async function templateFile(): Promise<string> {
  const hash = createHash('sha256');
  // pnpm's real path of the module names its version (…/@electric-sql+pglite@0.5.16/…).
  hash.update(realpathSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const { name, sql } of await loadMigrations()) hash.update(`${name}\0${sql}\0`);
  return join(tmpdir(), `doppel-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function buildTemplate(): Promise<Blob> {
  const file = await templateFile();
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const db = await openPgliteDb('memory://');
  try {
    await migrate(db);
    const dump = await db.dump();
    // Written aside and renamed, so a process reading it never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await db.close();
  }
}

/**
 * In-memory PGlite, migrated: a copy of the template data folder (~0.3 s instead of initdb). On
 * the caller's thread, or on a worker thread (as the server runs it) with env
 * DOPPEL_TEST_PGLITE_WORKER=on.
 */
async function openPglite(): Promise<Db> {
  return process.env.DOPPEL_TEST_PGLITE_WORKER === 'on' ? openPgliteOnWorker() : openPgliteHere();
}

async function openPgliteHere(): Promise<Db> {
  template ??= buildTemplate();
  return openPgliteDb('memory://', { loadDataDir: await template });
}

/** The same migrated in-memory PGlite on a worker thread (pglite-worker.ts). */
export async function openPgliteOnWorker(): Promise<PgliteDb> {
  template ??= buildTemplate();
  return openPgliteWorkerDb('memory://', { loadDataDir: await template });
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

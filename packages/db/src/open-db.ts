/** @module Opens the configured database: PostgreSQL when a URL is given, PGlite otherwise. */
import { join } from 'node:path';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPgliteWorkerDb } from './pglite-worker';
import { openPostgresDb } from './postgres-db';

export interface OpenDbOptions {
  /** DATABASE_URL: a PostgreSQL server (production, several server processes). */
  databaseUrl?: string | undefined;
  /** DATA_DIR (default './.data'): PGlite lives in `${dataDir}/pglite`; 'memory://' keeps it in memory. */
  dataDir?: string | undefined;
  /**
   * Prepared statements (default true; see README "Prepared statements"). Off only behind a
   * pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  prepare?: boolean | undefined;
  /**
   * PGlite on a worker thread (default true, issue 14 §6): its queries then never stall the
   * caller's event loop. False runs it on the caller's thread (a one-shot script may prefer that).
   */
  worker?: boolean | undefined;
}

/** Opens the database DESIGN §2 describes. Call `migrate(db)` before use. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const prepare = options.prepare ?? true;
  if (options.databaseUrl) return openPostgresDb(options.databaseUrl, { prepare });
  const dataDir = options.dataDir ?? './.data';
  const open = (options.worker ?? true) ? openPgliteWorkerDb : openPgliteDb;
  return open(dataDir === 'memory://' ? dataDir : join(dataDir, 'pglite'), { prepare });
}

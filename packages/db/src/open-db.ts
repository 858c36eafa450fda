/** @module Opens the configured database: PostgreSQL when a URL is given, PGlite otherwise. */
import { join } from 'node:path';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

export interface OpenDbOptions {
  /** DATABASE_URL: a PostgreSQL server (production, several server processes). */
  databaseUrl?: string | undefined;
  /** DATA_DIR (default './.data'): PGlite lives in `${dataDir}/pglite`; 'memory://' keeps it in memory. */
  dataDir?: string | undefined;
}

/** Opens the database DESIGN §2 describes. Call `migrate(db)` before use. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgresDb(options.databaseUrl);
  const dataDir = options.dataDir ?? './.data';
  return openPgliteDb(dataDir === 'memory://' ? dataDir : join(dataDir, 'pglite'));
}

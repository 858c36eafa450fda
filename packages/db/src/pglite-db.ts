/** @module A `Db` over an embedded PGlite instance (in memory or persisted in a folder). */
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await conn.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await conn.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** The whole data folder as a tarball, to start other instances from (test templates). */
  dump(): Promise<Blob>;
}

/**
 * Opens PGlite at `dataDir` (created when missing), or in memory for `'memory://'`.
 * PGlite's own parsers already give Dates for timestamps and numbers for int8.
 */
export async function openPgliteDb(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}

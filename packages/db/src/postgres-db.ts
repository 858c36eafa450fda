/** @module A `Db` over a PostgreSQL server through a `pg.Pool`. */
import pg from 'pg';
import type { Db, Queryable } from './db';

/** int8 as number like PGlite does (a string past 2^53, where a number would lie). */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** This pool's parsers; pg's global registry stays untouched for any other user of `pg`. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, parseInt8);
/** int8[] in text form: '{1,2,NULL}' (one dimension; ours never nest). */
function parseInt8Array(value: string): (number | string | null)[] {
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((item) => (item === 'NULL' ? null : parseInt8(item)));
}
types.setTypeParser(1016 /* int8[] */, parseInt8Array);

export interface PostgresDbOptions {
  /** Schema every pool connection uses first (tests); default: the server's search_path. */
  searchPath?: string;
  max?: number;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await client.query(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** Opens a pool on `databaseUrl`. Fails fast (one round trip) when the server is unreachable. */
export async function openPostgresDb(databaseUrl: string, options: PostgresDbOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that dies must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection failed: ${error.message}`));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to PostgreSQL at ${redact(databaseUrl)}: ${reason}`);
  }
  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The URL without its password, for error messages and logs. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

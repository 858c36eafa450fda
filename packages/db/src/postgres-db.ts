/** @module A `Db` over a PostgreSQL server through a `pg.Pool`. */
import pg from 'pg';
import { type Db, planMode, type Queryable, type QueryOptions } from './db';
import { queryPriority, URGENT } from './query-priority';
import { isStaleStatement, STATEMENT_CACHE_CAPACITY } from './statement-cache';

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
  /**
   * Named prepared statements for plan mode 'cached' (default true). Turn off behind a pooler
   * that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  prepare?: boolean;
}

/**
 * The statement names of one pool: the same SQL text has the same name on every connection
 * (pg parses a name once per connection, then only binds it). At most
 * `STATEMENT_CACHE_CAPACITY` texts get a name; pg never closes them, so further texts (and
 * any text whose result columns changed under it) run unnamed.
 */
class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #unnamed = new Set<string>();

  nameOf(sql: string): string | undefined {
    if (this.#unnamed.has(sql)) return undefined;
    let name = this.#names.get(sql);
    if (name === undefined && this.#names.size < STATEMENT_CACHE_CAPACITY) {
      name = `doppel_${this.#names.size}`;
      this.#names.set(sql, name);
    }
    return name;
  }

  /** `sql` runs unnamed from now on. */
  forget(sql: string): void {
    if (this.#names.has(sql)) this.#unnamed.add(sql);
  }
}

function wrap(
  client: pg.Pool | pg.PoolClient,
  names: StatementNames | null,
  inTransaction: boolean,
): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<Row[]> {
      const values = [...params];
      const name = names && planMode(sql, options) === 'cached' ? names.nameOf(sql) : undefined;
      if (!name) return (await client.query(sql, values)).rows;
      try {
        return (await client.query({ name, text: sql, values })).rows;
      } catch (error) {
        if (!names || !isStaleStatement(error)) throw error;
        names.forget(sql);
        if (inTransaction) throw error; // the transaction is aborted; its caller retries it
        return (await client.query(sql, values)).rows;
      }
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** A pool on `databaseUrl` of at most `max` connections, whose broken connections never crash the process. */
function openPool(databaseUrl: string, options: PostgresDbOptions, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    max,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that dies must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection failed: ${error.message}`));
  // Nor one the server ends while it is checked out (a database restart, issue 14 §4): pg emits
  // 'error' on that client, sometimes twice, and an 'error' event nobody hears ends the process.
  // The query running on it fails on its own; the pool throws the connection away.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`[db] PostgreSQL connection lost: ${error.message}`));
  });
  return pool;
}

/** Opens a pool on `databaseUrl`. Fails fast (one round trip) when the server is unreachable. */
export async function openPostgresDb(databaseUrl: string, options: PostgresDbOptions = {}): Promise<Db> {
  const pool = openPool(databaseUrl, options, options.max ?? 10);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to PostgreSQL at ${redact(databaseUrl)}: ${reason}`);
  }
  const names = options.prepare === false ? null : new StatementNames();
  const root = wrap(pool, names, false);
  // Health checks (URGENT, query-priority.ts) get a connection of their own: the pool answers in
  // arrival order, and a load balancer must see a process that is busy with a burst as alive.
  const urgentPool = openPool(databaseUrl, options, 1);
  const urgent = wrap(urgentPool, null, false);
  return {
    kind: 'postgres',
    query: (sql, params, queryOptions) =>
      queryPriority.getStore() === URGENT
        ? urgent.query(sql, params, queryOptions)
        : root.query(sql, params, queryOptions),
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      // The server may end this connection while it is checked out (a database restart): pg then
      // emits 'error' on the client, which would crash the process unheard; the transaction's
      // next query fails instead, and the broken connection is thrown away, not pooled.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, names, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), urgentPool.end()]);
    },
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

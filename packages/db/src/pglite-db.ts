/** @module A `Db` over an embedded PGlite instance (in memory or persisted in a folder). */
import { mkdir } from 'node:fs/promises';
import { PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';
import { type Db, planMode, type QueryOptions } from './db';
import { isStaleStatement, StatementCache } from './statement-cache';

export interface PgliteDb extends Db {
  /** The whole data folder as a tarball, to start other instances from (test templates). */
  dump(): Promise<Blob>;
}

export interface PgliteDbOptions {
  /** Start from this data folder (a `dump()`), as test templates do. */
  loadDataDir?: Blob;
  /**
   * Prepared statements over the wire protocol (default true; see `ProtocolRunner`). Off, every
   * query goes through PGlite's own `query` (parsed and planned each time, six protocol calls).
   */
  prepare?: boolean;
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  name: string;
  /** Parameter type oids, for PGlite's serializers. */
  paramTypes: number[];
  /** The statement's RowDescription (or NoData), given to PGlite's result parser. */
  description: BackendMessage[];
}

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** PGlite's own error decoration (query and params on the error), for the same messages as `query`. */
function withQuery(error: unknown, sql: string, params: readonly unknown[]): unknown {
  if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: sql, params });
  return error;
}

/**
 * Queries over PGlite's wire protocol in as few calls into PostgreSQL as the plan mode allows.
 * 'cached': a named prepared statement per SQL text — the first run sends Parse + Describe,
 * every later one only Bind + Execute + Sync, so a hot statement is parsed once and, once
 * PostgreSQL settles on its generic plan, not planned again. 'per-call': the unnamed statement,
 * Parse + Describe then Bind + Execute + Sync, planned for its values each time. (PGlite's own
 * `query` makes six calls and parses and plans every time.) Values are serialised and parsed by
 * PGlite's own serializers and parsers, so rows come back exactly as from `query`.
 */
class ProtocolRunner {
  readonly #pg: PGlite;
  readonly #cache = new StatementCache<Prepared>();
  #next = 0;
  /** Close messages of evicted statements, sent with the next call. */
  #closing: Uint8Array[] = [];

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  async #call(parts: readonly Uint8Array[]): Promise<BackendMessage[]> {
    const message = concat([...this.#closing, ...parts]);
    this.#closing = [];
    return this.#pg.execProtocolStream(message, { syncToFs: false });
  }

  async #describe(sql: string, name: string): Promise<Prepared> {
    const messages = await this.#call([
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      description: messages.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
  }

  async #prepare(sql: string): Promise<Prepared> {
    const prepared = await this.#describe(sql, `doppel_${this.#next++}`);
    const evicted = this.#cache.set(sql, prepared);
    if (evicted) this.#closing.push(protocol.serialize.close({ type: 'S', name: evicted.name }));
    return prepared;
  }

  /** Runs `sql` once; the caller holds PGlite's query lock (and the transaction lock outside one). */
  async run<Row>(sql: string, params: readonly unknown[], mode: 'cached' | 'per-call'): Promise<Row[]> {
    const statement =
      mode === 'per-call'
        ? await this.#describe(sql, '')
        : (this.#cache.get(sql) ?? (await this.#prepare(sql)));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.#pg.serializers[statement.paramTypes[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await this.#call([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const [result] = parse.parseResults([...statement.description, ...messages], this.#pg.parsers);
    return (result?.rows ?? []) as Row[];
  }

  /** Forgets `sql` (its statement no longer fits the schema). */
  forget(sql: string): void {
    const dropped = this.#cache.delete(sql);
    if (dropped) this.#closing.push(protocol.serialize.close({ type: 'S', name: dropped.name }));
  }
}

/**
 * Opens PGlite at `dataDir` (created when missing), or in memory for `'memory://'`.
 * PGlite's own parsers already give Dates for timestamps and numbers for int8.
 */
export async function openPgliteDb(dataDir: string, options: PgliteDbOptions = {}): Promise<PgliteDb> {
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const runner = options.prepare === false ? null : new ProtocolRunner(pg);

  /** One statement; `inTransaction` when the caller already holds the transaction lock. */
  async function query<Row>(
    conn: PGlite | Transaction,
    inTransaction: boolean,
    sql: string,
    params: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]> {
    if (!runner) return (await conn.query<Row>(sql, [...params])).rows;
    const mode = planMode(sql, options);
    const once = () =>
      pg._runExclusiveQuery(async () => {
        try {
          return await runner.run<Row>(sql, params, mode);
        } catch (error) {
          throw withQuery(error, sql, params);
        }
      });
    const run = async () => {
      try {
        return await once();
      } catch (error) {
        if (!isStaleStatement(error)) throw error;
        runner.forget(sql);
        if (inTransaction) throw error; // the transaction is aborted; its caller retries it
        return await once();
      }
    };
    if (inTransaction) return run();
    const rows = await pg._runExclusiveTransaction(run);
    await pg.syncToFs();
    return rows;
  }

  const exec = async (conn: PGlite | Transaction, sql: string): Promise<void> => {
    await conn.exec(sql);
  };
  return {
    kind: 'pglite',
    query: (sql, params = [], options) => query(pg, false, sql, params, options),
    exec: (sql) => exec(pg, sql),
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: (sql, params = [], options) => query(tx, true, sql, params, options),
          exec: (sql) => exec(tx, sql),
        }),
      ),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}

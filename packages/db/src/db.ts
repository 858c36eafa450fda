/**
 * @module The one database interface every part talks to: PGlite (embedded, default) or a
 * PostgreSQL server (DATABASE_URL). Same SQL, `$1` placeholders, both sides.
 */

/** A connection (or a transaction on one) that runs parameterised SQL. */
export interface Queryable {
  /** Runs one statement and answers its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  /** Runs `fn` inside BEGIN/COMMIT on one connection; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** 'pglite' or 'postgres': for logs and tests, never for branching SQL. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

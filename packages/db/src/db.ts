/**
 * @module The one database interface every part talks to: PGlite (embedded, default) or a
 * PostgreSQL server (DATABASE_URL). Same SQL, `$1` placeholders, both sides.
 *
 * Values come back the same way from both: timestamptz/timestamp/date as JS `Date`, int2/4/8
 * (so `count(*)`) as `number` (int8 beyond 2^53 stays a string on PostgreSQL and a bigint on
 * PGlite; no column of ours gets there), numeric as `string`, json/jsonb parsed, bytea as a
 * `Uint8Array` (a `Buffer` on PostgreSQL), uuid as `string`.
 */

/** A connection (or a transaction on one) that runs parameterised SQL. */
export interface Queryable {
  /** Runs one statement and answers its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Runs a script of several statements without parameters (migrations). Present on every
   * `Db` this package opens; optional so that hand-made fakes need not provide it.
   */
  exec?(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` inside BEGIN/COMMIT on one connection; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** 'pglite' or 'postgres': for logs and tests, never for branching SQL. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

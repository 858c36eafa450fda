/**
 * @module The one database interface every part talks to: PGlite (embedded, default) or a
 * PostgreSQL server (DATABASE_URL). Same SQL, `$1` placeholders, both sides.
 *
 * Values come back the same way from both: timestamptz/timestamp/date as JS `Date`, int2/4/8
 * (so `count(*)`) as `number` (int8 beyond 2^53 stays a string on PostgreSQL and a bigint on
 * PGlite; no column of ours gets there), numeric as `string`, json/jsonb parsed, bytea as a
 * `Uint8Array` (a `Buffer` on PostgreSQL), uuid as `string`.
 */

/**
 * How a statement is planned. Every statement is prepared once per connection (parsed and
 * analysed once, see README "Prepared statements"); this decides whether its plan may be kept.
 */
export interface QueryOptions {
  /**
   * 'cached': PostgreSQL's plan cache may keep one generic plan for every parameter value (it
   * switches after five runs when that plan is not costlier) — right for lookups by key.
   * 'per-call': planned anew for each call's values — right when the best plan depends on the
   * values, as for a full-text match whose terms may be rare or in every row.
   * Default: 'per-call' when the SQL holds a full-text match (`@@`), else 'cached'.
   */
  plan?: 'cached' | 'per-call';
}

/** A connection (or a transaction on one) that runs parameterised SQL. */
export interface Queryable {
  /** Runs one statement and answers its rows. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
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

/** The plan mode `options` ask for, or the default for `sql` (see `QueryOptions.plan`). */
export function planMode(sql: string, options?: QueryOptions): 'cached' | 'per-call' {
  return options?.plan ?? (sql.includes('@@') ? 'per-call' : 'cached');
}

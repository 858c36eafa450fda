/**
 * @module Which SQL texts a connection keeps prepared: the most recently used `capacity`
 * distinct texts. Hot statements are a few dozen (every query of the server and the brain is
 * a fixed text or one of a bounded set of shapes), so the cap only guards against a caller
 * that builds unbounded SQL text (values spliced in): those churn through the cache, costing
 * one Parse each as they would unprepared, without growing memory.
 */
export const STATEMENT_CACHE_CAPACITY = 256;

export class StatementCache<T> {
  readonly #entries = new Map<string, T>();
  readonly #capacity: number;

  constructor(capacity = STATEMENT_CACHE_CAPACITY) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The entry of `sql`, now the most recently used; undefined when absent. */
  get(sql: string): T | undefined {
    const entry = this.#entries.get(sql);
    if (entry === undefined) return undefined;
    this.#entries.delete(sql);
    this.#entries.set(sql, entry);
    return entry;
  }

  /** Adds `sql`; answers the least recently used entry it pushed out, if any. */
  set(sql: string, entry: T): T | undefined {
    this.#entries.delete(sql);
    this.#entries.set(sql, entry);
    if (this.#entries.size <= this.#capacity) return undefined;
    const [oldest] = this.#entries;
    if (!oldest) return undefined;
    this.#entries.delete(oldest[0]);
    return oldest[1];
  }

  /** Removes `sql`; answers its entry. */
  delete(sql: string): T | undefined {
    const entry = this.#entries.get(sql);
    this.#entries.delete(sql);
    return entry;
  }
}

/**
 * PostgreSQL's answer when a prepared statement no longer fits: its result columns changed under
 * it (a migration), or it is gone (DISCARD ALL, a pooler).
 */
export const isStaleStatement = (error: unknown): boolean =>
  error instanceof Error &&
  /cached plan must not change result type|prepared statement "doppel_\d+" does not exist/.test(
    error.message,
  );

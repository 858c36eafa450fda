/**
 * @module What retrieval keeps in memory between questions so that a question usually costs
 * one statement instead of two: the lexemes of question texts (PostgreSQL's
 * `to_tsvector('english', …)` never changes its answer for a text) and, per clone, the
 * document frequency of the terms already asked about, tagged with the clone's statistics
 * version (`clone_knowledge_stats.version`, bumped by every import). Retrieval reads that
 * version in the statements it runs anyway and drops a clone's entry when it differs, so
 * several processes on one PostgreSQL, or an import in this one, never leave a stale entry in
 * use past one retry.
 */
import { LruMap } from '../lru-map';

/** Question texts whose lexemes are kept. */
const QUESTIONS = 2_000;
/** Longer question texts are not kept (memory stays bounded by QUESTIONS × this). */
const MAX_QUESTION_LENGTH = 1_000;
/** Clones whose statistics are kept. */
const CLONES = 200;
/** Terms kept per clone; past it the clone's terms start over. */
const TERMS_PER_CLONE = 50_000;
/** Rankings kept (a ranking is the rows of a dozen passages: some 20 KB). */
const RANKINGS = 200;

/** One clone's statistics as of `version`. */
export interface CloneStats {
  /** `clone_knowledge_stats.version`; null when the clone has no statistics row. */
  readonly version: number | null;
  readonly chunks: number;
  /** Document frequency of each term asked about so far; 0 for a term the clone never uses. */
  readonly df: Map<string, number>;
}

/** The rows a ranking statement answered, as of the clone's statistics `version`. */
export interface Ranking {
  readonly version: number | null;
  readonly rows: readonly unknown[];
}

export class RetrievalCache {
  readonly #lexemes = new LruMap<string, readonly string[]>(QUESTIONS);
  readonly #clones = new LruMap<string, CloneStats>(CLONES);
  readonly #rankings = new LruMap<string, Ranking>(RANKINGS);

  /**
   * The rows of a ranking statement (`key`: its text and parameters) run before, and the
   * statistics version they were read at: the same question asked again (a clone's suggested
   * questions are) costs a version check instead of the ranking, as long as no import ran.
   */
  ranking(key: string): Ranking | undefined {
    return this.#rankings.get(key);
  }

  setRanking(key: string, ranking: Ranking): void {
    this.#rankings.set(key, ranking);
  }

  lexemes(query: string): readonly string[] | undefined {
    return this.#lexemes.get(query);
  }

  setLexemes(query: string, lexemes: readonly string[]): void {
    if (query.length <= MAX_QUESTION_LENGTH) this.#lexemes.set(query, lexemes);
  }

  stats(cloneId: string): CloneStats | undefined {
    return this.#clones.get(cloneId);
  }

  /**
   * Records what a lookup read at `version`: a new entry when the version changed (or the
   * entry grew too large), else the terms join the existing one.
   */
  record(
    cloneId: string,
    version: number | null,
    chunks: number,
    terms: readonly { term: string; df: number }[],
  ): CloneStats {
    let stats = this.#clones.get(cloneId);
    if (!stats || stats.version !== version || stats.df.size + terms.length > TERMS_PER_CLONE) {
      stats = { version, chunks, df: new Map() };
      this.#clones.set(cloneId, stats);
    }
    for (const { term, df } of terms) stats.df.set(term, df);
    return stats;
  }

  /** Drops the clone's entry (its version moved on). */
  forget(cloneId: string): void {
    this.#clones.delete(cloneId);
  }
}

const caches = new WeakMap<object, RetrievalCache>();

/** The cache of one database handle (a `Db`, or a transaction for as long as it lives). */
export function retrievalCache(db: object): RetrievalCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RetrievalCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * @module Full-text retrieval over a clone's chunks: the question's lexemes are looked up in
 * the clone's term statistics (kept in memory, see stats-cache.ts), `planQuery` bounds the
 * candidates, and only those are ranked (BM25-style weights over `ts_rank`). One or two round
 * trips, neither of them ranking all matches.
 */
import type { Queryable } from '@doppel/db';
import { CitationType } from '@doppel/protocol';
import { z } from 'zod';
import type { Moment } from '../text/cited-excerpt';
import { planQuery } from './plan-query';
import { rankingPlanMode, rankingSql } from './ranking-sql';
import { type CloneStats, type RetrievalCache, retrievalCache } from './stats-cache';

/** A chunk of knowledge that answers a question, with where it comes from. */
export interface Passage {
  chunkId: number;
  text: string;
  documentId: string;
  documentTitle: string;
  documentType: CitationType;
  url: string | null;
  /** Milliseconds into the media for transcripts. */
  timestampMs: number | null;
  /** Where each timestamped paragraph starts in `text` (none for chunks imported before them). */
  moments?: readonly Moment[];
  /** Higher is more relevant; comparable within one call only. */
  rank: number;
  /** The chunk's place in its document (0: the document's opening). */
  position: number;
  /** The chunk that follows it in its document, if any. */
  next: { chunkId: number; text: string; timestampMs: number | null } | null;
  /**
   * The text of the chunk before it in its document, if any: what leads up to the passage (an
   * interviewer's question, the sentence naming what the passage's first lines are about).
   */
  previousText?: string | null;
}

export interface RetrieveOptions {
  /** Passages answered at most (default 6). */
  limit?: number;
  /**
   * Only passages of the creator's biography: documents whose title matches `titlePattern` (a
   * POSIX regular expression, case-insensitive) or whose type is one of `types`.
   */
  biography?: { titlePattern: string; types: readonly string[] } | undefined;
  /** Lexemes added to the query as synonyms, each to the question's lexeme it stands for (see planQuery). */
  synonymOf?: ReadonlyMap<string, string>;
}

/** Passages and how common each of the query's lexemes is in the clone. */
export interface Retrieval {
  passages: Passage[];
  /** In how many of the clone's chunks each lexeme of the query occurs (0: never used). */
  frequencies: ReadonlyMap<string, number>;
  /** How many chunks the clone has. */
  chunks: number;
}

/** The question's lexemes with their document frequency in the clone (0: never used). */
const LOOKUP_SQL = `SELECT s.version, coalesce(s.chunks, 0) AS chunks, l.terms, l.dfs
  FROM (SELECT coalesce(array_agg(x.term ORDER BY x.term), '{}') AS terms,
          coalesce(array_agg(coalesce(t.df, 0) ORDER BY x.term), '{}') AS dfs
        FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS x(term)
        LEFT JOIN clone_terms t ON t.clone_id = $1 AND t.term = x.term) l
  LEFT JOIN clone_knowledge_stats s ON s.clone_id = $1`;

const LookupRow = z.object({
  version: z.number().nullable(),
  chunks: z.number(),
  terms: z.array(z.string()),
  dfs: z.array(z.number()),
});

/** What a lookup that answers no row (only a fake database does) stands for. */
const NO_TERMS: z.infer<typeof LookupRow> = { version: null, chunks: 0, terms: [], dfs: [] };

const VERSION_SQL = 'SELECT version FROM clone_knowledge_stats WHERE clone_id = $1';

/** The clone's statistics version now (null: no statistics row). */
async function statsVersion(db: Queryable, cloneId: string): Promise<number | null> {
  const [row] = await db.query(VERSION_SQL, [cloneId]);
  return row ? z.object({ version: z.number() }).parse(row).version : null;
}

export const PassageRow = z.object({
  id: z.coerce.number(),
  text: z.string(),
  timestamp_ms: z.number().nullable(),
  position: z.number(),
  moments: z.array(z.object({ at: z.number(), ms: z.number() })).catch([]),
  document_id: z.string(),
  title: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  rank: z.number(),
  next_id: z.coerce.number().nullable(),
  next_text: z.string().nullable(),
  next_timestamp_ms: z.number().nullable(),
  previous_text: z.string().nullable().optional(),
});

const RankedRow = z.object({ stats_version: z.number().nullable(), id: z.unknown() });

/** A passage row of the ranking statement (or any statement selecting the same columns) as a Passage. */
export function toPassage(row: z.infer<typeof PassageRow>): Passage {
  return {
    chunkId: row.id,
    text: row.text,
    documentId: row.document_id,
    documentTitle: row.title,
    documentType: CitationType.catch('file').parse(row.type),
    url: row.url,
    timestampMs: row.timestamp_ms,
    moments: row.moments,
    rank: row.rank,
    position: row.position,
    next:
      row.next_id === null || row.next_text === null
        ? null
        : { chunkId: row.next_id, text: row.next_text, timestampMs: row.next_timestamp_ms },
    previousText: row.previous_text ?? null,
  };
}

/** The clone's statistics with every lexeme of `query` in them, from the cache or one lookup. */
async function termStats(
  db: Queryable,
  cache: RetrievalCache,
  cloneId: string,
  query: string,
): Promise<{ stats: CloneStats; lexemes: readonly string[]; fresh: boolean }> {
  const lexemes = cache.lexemes(query);
  const stats = cache.stats(cloneId);
  if (lexemes && stats && lexemes.every((lexeme) => stats.df.has(lexeme))) {
    return { stats, lexemes, fresh: false };
  }
  const [first] = await db.query(LOOKUP_SQL, [cloneId, query]);
  const row = first ? LookupRow.parse(first) : NO_TERMS;
  cache.setLexemes(query, row.terms);
  const terms = row.terms.map((term, i) => ({ term, df: row.dfs[i] ?? 0 }));
  return { stats: cache.record(cloneId, row.version, row.chunks, terms), lexemes: row.terms, fresh: true };
}

/**
 * The clone's passages most relevant to `query`, best first; [] when nothing matches. Usually
 * one statement (the ranking, which also reads the statistics version; for a ranking run before
 * at the same version, only the version); two when the question's terms are not cached yet;
 * once more after an import changed the clone's statistics.
 */
export async function retrieve(
  db: Queryable,
  cloneId: string,
  query: string,
  options: RetrieveOptions = {},
): Promise<Passage[]> {
  return (await retrieveWithTerms(db, cloneId, query, options)).passages;
}

/** `retrieve`, also answering the clone's frequency of each lexeme of the query. */
export async function retrieveWithTerms(
  db: Queryable,
  cloneId: string,
  query: string,
  options: RetrieveOptions = {},
): Promise<Retrieval> {
  const limit = Math.max(1, Math.min(options.limit ?? 6, 50));
  const cache = retrievalCache(db);
  for (let attempt = 0; ; attempt++) {
    const { stats, lexemes, fresh } = await termStats(db, cache, cloneId, query);
    const known = lexemes.map((term) => ({ term, df: stats.df.get(term) ?? 0 }));
    const plan = planQuery(known, stats.chunks, undefined, options.synonymOf);
    let version: number | null;
    let rows: unknown[] = [];
    if (plan) {
      const { sql, params } = rankingSql(plan, cloneId, limit, { biography: options.biography });
      const key = JSON.stringify([sql, params]);
      const known = cache.ranking(key);
      const current = known && known.version === stats.version ? await statsVersion(db, cloneId) : undefined;
      if (known && current === known.version) {
        version = current;
        rows = [...known.rows];
      } else if (current !== undefined && attempt === 0) {
        // An import ran since: the statistics are stale too, so plan again before ranking.
        version = current;
      } else {
        const ranked = await db.query(sql, params, { plan: rankingPlanMode(plan) });
        version = RankedRow.parse(ranked[0]).stats_version;
        rows = ranked.filter((row) => RankedRow.parse(row).id !== null);
        cache.setRanking(key, { version, rows });
      }
    } else {
      if (fresh)
        return { passages: [], frequencies: new Map(known.map((t) => [t.term, t.df])), chunks: stats.chunks };
      // Nothing matched by cached statistics: still true only if they are current.
      version = await statsVersion(db, cloneId);
    }
    if (version !== stats.version) {
      cache.forget(cloneId);
      // A second mismatch means imports are running right now: answer from this snapshot.
      if (attempt === 0) continue;
    }
    const passages = z.array(PassageRow).parse(rows).map(toPassage);
    return { passages, frequencies: new Map(known.map((t) => [t.term, t.df])), chunks: stats.chunks };
  }
}

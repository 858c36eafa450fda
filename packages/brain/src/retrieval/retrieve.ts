/**
 * @module Full-text retrieval over a clone's chunks: the question's lexemes are looked up in
 * the clone's term statistics, `planQuery` bounds the candidates, and only those are ranked
 * (BM25-style weights over `ts_rank`). Two round trips, neither of them ranking all matches.
 */
import type { Queryable } from '@doppel/db';
import { CitationType } from '@doppel/protocol';
import { z } from 'zod';
import { planQuery } from './plan-query';
import { rankingSql } from './ranking-sql';

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
  /** Higher is more relevant; comparable within one call only. */
  rank: number;
}

export interface RetrieveOptions {
  /** Passages answered at most (default 6). */
  limit?: number;
}

const TermRow = z.object({ term: z.string(), df: z.number(), chunks: z.number() });

const PassageRow = z.object({
  id: z.coerce.number(),
  text: z.string(),
  timestamp_ms: z.number().nullable(),
  document_id: z.string(),
  title: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  rank: z.number(),
});

/** The clone's passages most relevant to `query`, best first; [] when nothing matches. */
export async function retrieve(
  db: Queryable,
  cloneId: string,
  query: string,
  options: RetrieveOptions = {},
): Promise<Passage[]> {
  const limit = Math.max(1, Math.min(options.limit ?? 6, 50));
  const termRows = z.array(TermRow).parse(
    await db.query(
      `SELECT t.term, t.df, s.chunks
       FROM clone_knowledge_stats s JOIN clone_terms t ON t.clone_id = s.clone_id
       WHERE s.clone_id = $1 AND t.term = ANY (tsvector_to_array(to_tsvector('english', $2)))`,
      [cloneId, query],
    ),
  );
  const plan = planQuery(termRows, termRows[0]?.chunks ?? 0);
  if (!plan) return [];

  const { sql, params } = rankingSql(plan, cloneId, limit);
  const rows = await db.query(sql, params);
  return z
    .array(PassageRow)
    .parse(rows)
    .map((row) => ({
      chunkId: row.id,
      text: row.text,
      documentId: row.document_id,
      documentTitle: row.title,
      documentType: CitationType.catch('file').parse(row.type),
      url: row.url,
      timestampMs: row.timestamp_ms,
      rank: row.rank,
    }));
}

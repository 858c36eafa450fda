/**
 * @module Keeps `clone_terms` (document frequency of each lexeme per clone) and
 * `clone_knowledge_stats` (chunk count, version) in step with `chunks`. Call `addDocumentTerms`
 * after inserting a document's chunks and `removeDocumentTerms` before deleting them, then
 * `updateChunkCount` once.
 */
import type { Queryable } from '@doppel/db';

const DOCUMENT_LEXEMES = `SELECT u.lexeme, count(*)::int AS n
  FROM chunks c, unnest(c.tsv) AS u(lexeme, positions, weights)
  WHERE c.document_id = $2 GROUP BY u.lexeme`;

/** Counts the chunks of document `documentId` into the clone's term frequencies. */
export async function addDocumentTerms(tx: Queryable, cloneId: string, documentId: string): Promise<void> {
  await tx.query(
    `INSERT INTO clone_terms (clone_id, term, df)
     SELECT $1, d.lexeme, d.n FROM (${DOCUMENT_LEXEMES}) d
     ON CONFLICT (clone_id, term) DO UPDATE SET df = clone_terms.df + excluded.df`,
    [cloneId, documentId],
  );
}

/** Takes the chunks of document `documentId` out of the clone's term frequencies. */
export async function removeDocumentTerms(tx: Queryable, cloneId: string, documentId: string): Promise<void> {
  await tx.query(
    `DELETE FROM clone_terms t USING (${DOCUMENT_LEXEMES}) d
     WHERE t.clone_id = $1 AND t.term = d.lexeme AND t.df <= d.n`,
    [cloneId, documentId],
  );
  await tx.query(
    `UPDATE clone_terms t SET df = t.df - d.n FROM (${DOCUMENT_LEXEMES}) d
     WHERE t.clone_id = $1 AND t.term = d.lexeme`,
    [cloneId, documentId],
  );
}

/**
 * Records how many chunks the clone has now and bumps its statistics version, which tells
 * retrieval (in every process) that cached term frequencies are stale. Call it in the
 * transaction that changed the clone's terms, after the change.
 */
export async function updateChunkCount(tx: Queryable, cloneId: string): Promise<void> {
  await tx.query(
    `INSERT INTO clone_knowledge_stats (clone_id, chunks, version)
     SELECT $1, count(*)::int, 1 FROM chunks WHERE clone_id = $1
     ON CONFLICT (clone_id) DO UPDATE SET chunks = excluded.chunks, version = clone_knowledge_stats.version + 1`,
    [cloneId],
  );
}

/** Recomputes every statistic of one clone from its chunks (after bulk loads; repairs). */
export async function rebuildTermStats(tx: Queryable, cloneId: string): Promise<void> {
  await tx.query('DELETE FROM clone_terms WHERE clone_id = $1', [cloneId]);
  await tx.query(
    `INSERT INTO clone_terms (clone_id, term, df)
     SELECT $1, u.lexeme, count(*)::int FROM chunks c, unnest(c.tsv) AS u(lexeme, positions, weights)
     WHERE c.clone_id = $1 GROUP BY u.lexeme`,
    [cloneId],
  );
  await updateChunkCount(tx, cloneId);
}

/**
 * Brings the planner's statistics and the GIN index up to date after an import. PGlite has no
 * autovacuum: without this, the planner works blind and GIN's pending list (scanned linearly
 * on every search) keeps growing up to 4 MB.
 */
export async function refreshSearchIndex(db: Queryable): Promise<void> {
  await db.query("SELECT gin_clean_pending_list('chunks_tsv'::regclass)");
  await db.query('ANALYZE chunks');
  await db.query('ANALYZE clone_terms');
}

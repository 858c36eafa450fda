/**
 * @module Retrieval over a conversation's attached files (issue 10 §4): full-text search over their
 * passages (GIN index), any of the question's words, ranked. A question that matches nothing (
 * "what does this file say?") gets the start of the newest file instead, so the answer uses it.
 */
import type { AttachedFiles, Passage } from '@doppel/brain';
import type { Queryable } from '@doppel/db';
import { z } from 'zod';

const Row = z.object({
  id: z.coerce.number(),
  text: z.string(),
  upload_id: z.string(),
  name: z.string(),
  position: z.number(),
  rank: z.number(),
});

const SEARCH = `WITH q AS (
    SELECT to_tsquery('simple', string_agg(quote_literal(x.term), ' | ')) AS query
    FROM unnest(tsvector_to_array(to_tsvector('english', $2))) AS x(term)
  )
  SELECT c.id, c.text, u.id AS upload_id, u.name, c.position, ts_rank(c.tsv, q.query)::float8 AS rank
  FROM q, uploads u JOIN upload_chunks c ON c.upload_id = u.id
  WHERE u.conversation_id = $1 AND q.query IS NOT NULL AND c.tsv @@ q.query
  ORDER BY rank DESC, c.id LIMIT $3`;

const NEWEST_START = `SELECT c.id, c.text, u.id AS upload_id, u.name, c.position, 0::float8 AS rank
  FROM upload_chunks c JOIN uploads u ON u.id = c.upload_id
  WHERE u.id = (SELECT id FROM uploads WHERE conversation_id = $1 AND EXISTS
                  (SELECT 1 FROM upload_chunks WHERE upload_id = uploads.id)
                ORDER BY created_at DESC LIMIT 1)
  ORDER BY c.position LIMIT $2`;

/** The attached files of `conversationId` as the brain searches them; `url` names a file's address. */
export function conversationFiles(
  db: Queryable,
  conversationId: string,
  url: (uploadId: string) => string,
): AttachedFiles {
  return {
    async search(query, limit) {
      let rows = await db.query(SEARCH, [conversationId, query, limit], { plan: 'per-call' });
      if (rows.length === 0) rows = await db.query(NEWEST_START, [conversationId, Math.min(2, limit)]);
      return z
        .array(Row)
        .parse(rows)
        .map(
          (row): Passage => ({
            chunkId: row.id,
            text: row.text,
            documentId: row.upload_id,
            documentTitle: row.name,
            documentType: 'file',
            url: url(row.upload_id),
            timestampMs: null,
            position: row.position,
            // A file's passages are answered one at a time: no run-on into the next.
            next: null,
            rank: row.rank,
          }),
        );
    },
  };
}

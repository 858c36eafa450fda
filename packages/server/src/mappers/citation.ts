/** @module Message-citation rows → protocol `Citation`: `index` is the stored position ([n]). */
import { type Citation, CitationType } from '@doppel/protocol';
import { z } from 'zod';

export const CitationRow = z.object({
  id: z.string(),
  position: z.number().int(),
  used: z.boolean(),
  document_id: z.string(),
  document_title: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  timestamp_ms: z.number().int().nullable(),
  tweet_id: z.string().nullable(),
  type: CitationType,
  visible: z.boolean(),
  created_at: z.date(),
});
export type CitationRow = z.infer<typeof CitationRow>;

export const CITATION_COLUMNS = `id, position, used, document_id, document_title, title, text, url, timestamp_ms,
  tweet_id, type, visible, created_at`;

export function toCitation(row: CitationRow): Citation {
  return {
    id: row.id,
    index: row.position,
    used: row.used,
    documentId: row.document_id,
    documentTitle: row.document_title,
    title: row.title,
    text: row.text,
    url: row.url,
    timestamp: row.timestamp_ms,
    tweetId: row.tweet_id,
    visible: row.visible,
    createdAt: row.created_at.toISOString(),
    type: row.type,
  };
}

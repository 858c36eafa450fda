/**
 * @module The first write of a send, in one round trip (first-token latency is what a visitor
 * feels): check that the conversation belongs to the clone, store the visitor's message, bump
 * updated_at, set the first title, and read back the clone and the earlier turns.
 */
import type { CloneForBrain, HistoryTurn } from '@doppel/brain';
import type { Queryable } from '@doppel/db';
import { DEFAULT_CONVERSATION_TITLE } from '@doppel/protocol';
import { z } from 'zod';
import { toCloneForBrain } from '../mappers/clone';

const AcceptedRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string(),
  description: z.string(),
  suggested_questions: z.array(z.string()),
  history: z.array(z.object({ sender: z.enum(['USER', 'CLONE']), text: z.string() })),
});

export interface AcceptMessageInput {
  conversationId: string;
  slug: string;
  text: string;
  /** The title to set when the title is still the default and this is the first user message. */
  firstTitle: string;
  /** How many earlier turns to read back. */
  historyTurns: number;
}

export interface AcceptedMessage {
  clone: CloneForBrain;
  /** The turns before this message, oldest first. */
  history: HistoryTurn[];
}

/**
 * Stores the message and answers what the brain needs; null (and nothing written) when the
 * conversation does not exist or is not the clone `slug`'s. The history is read from the
 * statement's snapshot, so it never includes the message just stored.
 */
export async function acceptMessage(
  db: Queryable,
  input: AcceptMessageInput,
): Promise<AcceptedMessage | null> {
  const rows = await db.query(
    `WITH target AS (
       SELECT v.id AS conversation_id, c.id, c.slug, c.name, c.headline, c.description
       FROM conversations v JOIN clones c ON c.id = v.clone_id
       WHERE v.id = $1 AND c.slug = $2
     ), touched AS (
       UPDATE conversations SET updated_at = now(),
         title = CASE WHEN title = $5 AND NOT EXISTS (
           SELECT 1 FROM messages WHERE conversation_id = $1 AND sender = 'USER') THEN $4 ELSE title END
       WHERE id = (SELECT conversation_id FROM target) RETURNING id
     ), stored AS (
       INSERT INTO messages (conversation_id, sender, text) SELECT id, 'USER', $3 FROM touched RETURNING id
     )
     SELECT t.id, t.slug, t.name, t.headline, t.description,
       COALESCE((SELECT jsonb_agg(q.question ORDER BY q.position) FROM suggested_questions q WHERE q.clone_id = t.id),
         '[]'::jsonb) AS suggested_questions,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('sender', h.sender, 'text', h.text) ORDER BY h.created_at, h.id)
         FROM (SELECT id, sender, text, created_at FROM messages
               WHERE conversation_id = $1 AND sender IN ('USER', 'CLONE')
               ORDER BY created_at DESC, id DESC LIMIT $6) h), '[]'::jsonb) AS history,
       (SELECT count(*) FROM stored) AS stored
     FROM target t`,
    [
      input.conversationId,
      input.slug,
      input.text,
      input.firstTitle,
      DEFAULT_CONVERSATION_TITLE,
      input.historyTurns,
    ],
  );
  if (!rows[0]) return null;
  const row = AcceptedRow.parse(rows[0]);
  return { clone: toCloneForBrain(row), history: row.history };
}

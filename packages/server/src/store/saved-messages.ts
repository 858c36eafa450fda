/**
 * @module Saved clone messages (spec/chat.md §3 `saved`, §4 Save): a flag on the message, set and
 * cleared by the owner of its conversation in one statement (the ownership check and the write),
 * and the owner's saved messages with a clone, found again from the history drawer.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { HISTORY_LIMIT, type Owner, ownedBy } from './conversations';

/**
 * Saves or unsaves the clone message `messageId`. False, having written nothing, when there is no
 * such clone message in a conversation `owner` owns.
 */
export async function setSaved(
  db: Queryable,
  input: { messageId: string; owner: Owner; saved: boolean },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE messages m SET saved = $5 FROM conversations v
     WHERE m.id = $1 AND m.sender = 'CLONE' AND v.id = m.conversation_id AND ${ownedBy('v', '$2', '$3', '$4')}
     RETURNING m.id`,
    [input.messageId, input.owner.userId, input.owner.visitorId, input.owner.stateless, input.saved],
  );
  return rows.length > 0;
}

const SavedRow = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.coerce.date(),
  conversation_id: z.string(),
  title: z.string().nullable(),
});
export type SavedRow = z.infer<typeof SavedRow>;

/** The user's saved messages in their conversations with a clone (and instance), newest first. */
export async function listSaved(
  db: Queryable,
  input: { cloneId: string; userId: string; instanceId: string | null },
): Promise<SavedRow[]> {
  const rows = await db.query(
    `SELECT m.id, m.text, m.created_at, m.conversation_id, v.title
     FROM messages m JOIN conversations v ON v.id = m.conversation_id
     WHERE v.user_id = $1 AND v.clone_id = $2 AND ($3::uuid IS NULL OR v.instance_id = $3::uuid)
       AND m.saved AND m.sender = 'CLONE'
     ORDER BY m.created_at DESC, m.id LIMIT ${HISTORY_LIMIT}`,
    [input.userId, input.cloneId, input.instanceId],
  );
  return z.array(SavedRow).parse(rows);
}

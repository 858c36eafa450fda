/** @module Reads and writes of conversations. */
import type { Queryable } from '@doppel/db';
import type { Medium } from '@doppel/protocol';
import { z } from 'zod';
import { CONVERSATION_COLUMNS, ConversationRow } from '../mappers/conversation';

/** How many conversations the history list answers at most. */
export const HISTORY_LIMIT = 100;

export async function createConversation(
  db: Queryable,
  input: { cloneId: string; instanceId: string | null; medium: Medium },
): Promise<ConversationRow> {
  const rows = await db.query(
    `WITH v AS (
       INSERT INTO conversations (clone_id, instance_id, medium) VALUES ($1, $2, $3) RETURNING *
     )
     SELECT ${CONVERSATION_COLUMNS} FROM v JOIN clones c ON c.id = v.clone_id`,
    [input.cloneId, input.instanceId, input.medium],
  );
  return ConversationRow.parse(rows[0]);
}

/** The conversation `id` (a uuid) with its clone's slug; null when there is none. */
export async function findConversation(db: Queryable, id: string): Promise<ConversationRow | null> {
  const rows = await db.query(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations v JOIN clones c ON c.id = v.clone_id WHERE v.id = $1`,
    [id],
  );
  return rows[0] ? ConversationRow.parse(rows[0]) : null;
}

/** The clone's visible conversations, most recently updated first. */
export async function listCloneConversations(db: Queryable, cloneId: string): Promise<ConversationRow[]> {
  const rows = await db.query(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations v JOIN clones c ON c.id = v.clone_id
     WHERE v.clone_id = $1 AND NOT v.hidden ORDER BY v.updated_at DESC, v.id LIMIT ${HISTORY_LIMIT}`,
    [cloneId],
  );
  return z.array(ConversationRow).parse(rows);
}

/** Sets the title (and updated_at); answers the stored title, or null when there is no such conversation. */
export async function renameConversation(db: Queryable, id: string, title: string): Promise<string | null> {
  const rows = await db.query(
    'UPDATE conversations SET title = $2, updated_at = now() WHERE id = $1 RETURNING title',
    [id, title],
  );
  return rows[0] ? z.object({ title: z.string() }).parse(rows[0]).title : null;
}

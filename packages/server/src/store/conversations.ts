/**
 * @module Reads and writes of conversations, always on behalf of their owner: a conversation
 * belongs to its user, or — until claimed — to the anonymous visitor who started it.
 *
 * A client that keeps no identity (no visitor id, no session: curl, scripts, the stream
 * contract check) gets a new visitor on every request, so it could never come back to the
 * conversation it started. Such a conversation (`id_is_key`) also opens by its id for
 * requests that again carry no identity. A request that carries any identity — a browser,
 * an embed, a made-up visitor id — only ever reaches its own conversations.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@doppel/db';
import type { Medium } from '@doppel/protocol';
import { z } from 'zod';
import { CONVERSATION_COLUMNS, ConversationRow } from '../mappers/conversation';

/** How many conversations the history list answers at most. */
export const HISTORY_LIMIT = 100;

/** Who is asking: the signed-in user (or null) and the visitor. */
export interface Owner {
  userId: string | null;
  visitorId: string;
  /** The request carried no identity at all (see the module comment). */
  stateless: boolean;
}

/**
 * The SQL condition "conversation `alias` is the caller's", with the caller's user id, visitor
 * id and statelessness as the placeholders `user`, `visitor` and `stateless`.
 */
export function ownedBy(alias: string, user: string, visitor: string, stateless: string): string {
  return `(${alias}.user_id = ${user}::uuid OR (${alias}.user_id IS NULL AND (${alias}.visitor_id = ${visitor}::text OR (${alias}.id_is_key AND ${stateless}::boolean))))`;
}

export async function createConversation(
  db: Queryable,
  input: {
    cloneId: string;
    instanceId: string | null;
    medium: Medium;
    owner: Owner;
  },
): Promise<ConversationRow> {
  const rows = await db.query(
    `WITH v AS (
       INSERT INTO conversations (id, clone_id, instance_id, medium, user_id, visitor_id, id_is_key)
       VALUES ($7, $1, $2, $3, $4, $5, $6) RETURNING *
     )
     SELECT ${CONVERSATION_COLUMNS} FROM v JOIN clones c ON c.id = v.clone_id`,
    // The id is made here: PGlite's gen_random_uuid() opens /dev/urandom for every one.
    [
      input.cloneId,
      input.instanceId,
      input.medium,
      input.owner.userId,
      input.owner.visitorId,
      input.owner.stateless,
      randomUUID(),
    ],
  );
  return ConversationRow.parse(rows[0]);
}

/** The caller's conversation `id` (a uuid) with its clone's slug; null when there is none. */
export async function findConversation(
  db: Queryable,
  id: string,
  owner: Owner,
): Promise<ConversationRow | null> {
  const rows = await db.query(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations v JOIN clones c ON c.id = v.clone_id
     WHERE v.id = $1 AND ${ownedBy('v', '$2', '$3', '$4')}`,
    [id, owner.userId, owner.visitorId, owner.stateless],
  );
  return rows[0] ? ConversationRow.parse(rows[0]) : null;
}

/**
 * The user's visible conversations with the clone (and instance, when given), newest updated
 * first; with `archived`, the hidden ones instead (the history's Archived list, issue 9 §13).
 */
export async function listUserConversations(
  db: Queryable,
  input: { cloneId: string; userId: string; instanceId: string | null; archived?: boolean },
): Promise<ConversationRow[]> {
  const rows = await db.query(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations v JOIN clones c ON c.id = v.clone_id
     WHERE v.user_id = $1 AND v.clone_id = $2 AND v.hidden = $4
       AND ($3::uuid IS NULL OR v.instance_id = $3::uuid)
     ORDER BY v.updated_at DESC, v.id LIMIT ${HISTORY_LIMIT}`,
    [input.userId, input.cloneId, input.instanceId, input.archived ?? false],
  );
  return z.array(ConversationRow).parse(rows);
}

/**
 * Changes the title (bumping updated_at) and/or `hidden` (archive; updated_at unchanged) of the
 * caller's conversation; null when it is not theirs or does not exist.
 */
export async function updateConversation(
  db: Queryable,
  id: string,
  owner: Owner,
  changes: { title?: string | undefined; hidden?: boolean | undefined },
): Promise<ConversationRow | null> {
  const rows = await db.query(
    `WITH v AS (
       UPDATE conversations v SET title = COALESCE($5, v.title), hidden = COALESCE($6, v.hidden),
         updated_at = CASE WHEN $5::text IS NULL THEN v.updated_at ELSE now() END
       WHERE v.id = $1 AND ${ownedBy('v', '$2', '$3', '$4')} RETURNING v.*
     )
     SELECT ${CONVERSATION_COLUMNS} FROM v JOIN clones c ON c.id = v.clone_id`,
    [id, owner.userId, owner.visitorId, owner.stateless, changes.title ?? null, changes.hidden ?? null],
  );
  return rows[0] ? ConversationRow.parse(rows[0]) : null;
}

/**
 * Gives the visitor's unclaimed conversation to the user. `claimed` false: it was already the
 * user's (claiming twice is harmless). Null: not the visitor's, someone else's, or none.
 */
export async function claimConversation(
  db: Queryable,
  id: string,
  owner: { userId: string; visitorId: string },
): Promise<{ row: ConversationRow; claimed: boolean } | null> {
  const rows = await db.query(
    `WITH claimed AS (
       UPDATE conversations v SET user_id = $2, id_is_key = false
       WHERE v.id = $1 AND v.user_id IS NULL AND v.visitor_id = $3 RETURNING v.*
     )
     SELECT ${CONVERSATION_COLUMNS}, true AS claimed FROM claimed v JOIN clones c ON c.id = v.clone_id
     UNION ALL
     SELECT ${CONVERSATION_COLUMNS}, false AS claimed FROM conversations v JOIN clones c ON c.id = v.clone_id
     WHERE v.id = $1 AND v.user_id = $2`,
    [id, owner.userId, owner.visitorId],
  );
  if (!rows[0]) return null;
  const row = ConversationRow.extend({ claimed: z.boolean() }).parse(rows[0]);
  return { row, claimed: row.claimed };
}

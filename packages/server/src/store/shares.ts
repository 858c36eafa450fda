/**
 * @module Shared conversations (spec/chat.md §4 Share, §6; issue 10 §1). Sharing gives a
 * conversation an unguessable `share_id`; unsharing clears it, so the link stops working at once.
 * Anyone with the link reads the conversation; continuing it copies its messages (and their
 * sources) into a new conversation of the caller's.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { CONVERSATION_COLUMNS, ConversationRow } from '../mappers/conversation';
import { type Owner, ownedBy } from './conversations';

/** 12 URL-safe characters, 72 random bits. */
const newShareId = (): string => randomBytes(9).toString('base64url');

export type ShareOutcome = { shareId: string } | 'not-found' | 'private';

/**
 * Shares the owner's conversation `id` (its existing share id when it is already shared).
 * 'private' when its clone is not public; 'not-found' when it is not the owner's.
 */
export async function shareConversation(db: Queryable, id: string, owner: Owner): Promise<ShareOutcome> {
  const rows = await db.query<{ share_id: string | null; public: boolean }>(
    `WITH target AS (
       SELECT v.id, v.share_id, c.public FROM conversations v JOIN clones c ON c.id = v.clone_id
       WHERE v.id = $1 AND ${ownedBy('v', '$2', '$3', '$4')}
     ), shared AS (
       UPDATE conversations v SET share_id = $5 FROM target t
       WHERE v.id = t.id AND t.public AND t.share_id IS NULL RETURNING v.share_id
     )
     SELECT COALESCE((SELECT share_id FROM shared), t.share_id) AS share_id, t.public FROM target t`,
    [id, owner.userId, owner.visitorId, owner.stateless, newShareId()],
  );
  const row = rows[0];
  if (!row) return 'not-found';
  if (!row.public) return 'private';
  return row.share_id ? { shareId: row.share_id } : 'not-found';
}

/** Stops sharing: the owner's conversation shared as `shareId` loses its link. False when none. */
export async function unshareConversation(db: Queryable, shareId: string, owner: Owner): Promise<boolean> {
  const rows = await db.query(
    `UPDATE conversations v SET share_id = NULL
     WHERE v.share_id = $1 AND ${ownedBy('v', '$2', '$3', '$4')} RETURNING v.id`,
    [shareId, owner.userId, owner.visitorId, owner.stateless],
  );
  return rows.length > 0;
}

const SharedRow = ConversationRow.extend({ instance_slug: z.string().nullable(), public: z.boolean() });
export type SharedRow = z.infer<typeof SharedRow>;

/** The conversation shared as `shareId`, while it is shared and its clone public; null otherwise. */
export async function findShared(db: Queryable, shareId: string): Promise<SharedRow | null> {
  const rows = await db.query(
    `SELECT ${CONVERSATION_COLUMNS}, i.slug AS instance_slug, c.public
     FROM conversations v JOIN clones c ON c.id = v.clone_id
     LEFT JOIN clone_instances i ON i.id = v.instance_id
     WHERE v.share_id = $1 AND c.public`,
    [shareId],
  );
  return rows[0] ? SharedRow.parse(rows[0]) : null;
}

/**
 * Copies the visitor and clone messages of conversation `from` — with their sources — into the
 * (new, empty) conversation `to`, keeping their times and titling it as `from` was. One statement.
 */
export async function copyMessages(db: Queryable, from: string, to: string): Promise<void> {
  await db.query(
    `WITH source AS MATERIALIZED (
       SELECT m.*, gen_random_uuid() AS copy_id FROM messages m
       WHERE m.conversation_id = $1 AND m.sender IN ('USER', 'CLONE')
     ), messages_copied AS (
       INSERT INTO messages (id, conversation_id, sender, text, type, has_sources, interrupted, image_url, files,
         affiliates, created_at)
       SELECT copy_id, $2, sender, text, type, has_sources, interrupted, image_url, files, affiliates, created_at
       FROM source RETURNING id
     ), citations_copied AS (
       INSERT INTO message_citations (message_id, position, used, document_id, document_title, title, text, url,
         timestamp_ms, tweet_id, type, visible)
       SELECT s.copy_id, c.position, c.used, c.document_id, c.document_title, c.title, c.text, c.url,
         c.timestamp_ms, c.tweet_id, c.type, c.visible
       FROM message_citations c JOIN source s ON s.id = c.message_id
       WHERE EXISTS (SELECT 1 FROM messages_copied)
     )
     UPDATE conversations SET title = (SELECT title FROM conversations WHERE id = $1), updated_at = now()
     WHERE id = $2`,
    [from, to],
  );
}

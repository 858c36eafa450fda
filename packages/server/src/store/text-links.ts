/**
 * @module Who texts which clone on which channel (migration 065): the link a greeting makes, the
 * Telegram chat learned when the visitor opens the bot, STOP and START, and the inbound webhook
 * deliveries already handled.
 */
import type { Queryable } from '@doppel/db';
import { TextMedium } from '@doppel/protocol';
import { z } from 'zod';

export const TextLinkRow = z.object({
  medium: TextMedium,
  address: z.string(),
  user_id: z.string(),
  clone_id: z.string(),
  clone_slug: z.string(),
  clone_name: z.string(),
  conversation_id: z.string().nullable(),
  chat_id: z.string().nullable(),
  greeted_at: z.date().nullable(),
  stopped_at: z.date().nullable(),
});
export type TextLinkRow = z.infer<typeof TextLinkRow>;

const LINK_COLUMNS = `l.medium, l.address, l.user_id, l.clone_id, c.slug AS clone_slug, c.name AS clone_name,
  l.conversation_id, l.chat_id, l.greeted_at, l.stopped_at`;

/**
 * Links `address` on `medium` to the user and clone (moving it from any other clone: one number,
 * one bot), opted in again. The conversation is kept when the link already had one with this
 * clone and user; `conversationId` is used otherwise.
 */
export async function linkTextAddress(
  db: Queryable,
  input: { medium: TextMedium; address: string; userId: string; cloneId: string; conversationId: string },
): Promise<TextLinkRow> {
  const rows = await db.query(
    `WITH l AS (
       INSERT INTO text_links AS l (medium, address, user_id, clone_id, conversation_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (medium, address) DO UPDATE SET
         conversation_id = CASE WHEN l.user_id = excluded.user_id AND l.clone_id = excluded.clone_id
           AND l.conversation_id IS NOT NULL THEN l.conversation_id ELSE excluded.conversation_id END,
         chat_id = CASE WHEN l.user_id = excluded.user_id THEN l.chat_id END,
         greeted_at = CASE WHEN l.user_id = excluded.user_id AND l.clone_id = excluded.clone_id
           THEN l.greeted_at END,
         user_id = excluded.user_id, clone_id = excluded.clone_id, stopped_at = NULL, updated_at = now()
       RETURNING l.*
     )
     SELECT ${LINK_COLUMNS} FROM l JOIN clones c ON c.id = l.clone_id`,
    [input.medium, input.address, input.userId, input.cloneId, input.conversationId],
  );
  return TextLinkRow.parse(rows[0]);
}

export async function findTextLink(
  db: Queryable,
  medium: TextMedium,
  address: string,
): Promise<TextLinkRow | null> {
  const rows = await db.query(
    `SELECT ${LINK_COLUMNS} FROM text_links l JOIN clones c ON c.id = l.clone_id WHERE l.medium = $1 AND l.address = $2`,
    [medium, address],
  );
  return rows[0] ? TextLinkRow.parse(rows[0]) : null;
}

/** Changes one link: its Telegram chat, greeting time, stop (null: opted in again) or conversation. */
export async function updateTextLink(
  db: Queryable,
  link: Pick<TextLinkRow, 'medium' | 'address'>,
  change: Partial<Pick<TextLinkRow, 'chat_id' | 'greeted_at' | 'stopped_at' | 'conversation_id'>>,
): Promise<void> {
  const entries = Object.entries(change);
  if (entries.length === 0) return;
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`).join(', ');
  await db.query(`UPDATE text_links SET ${sets}, updated_at = now() WHERE medium = $1 AND address = $2`, [
    link.medium,
    link.address,
    ...entries.map(([, value]) => value),
  ]);
}

/** Records an inbound delivery; false when it was already handled (a replay). */
export async function recordInboundEvent(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO text_inbound_events (provider, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
    [provider, eventId],
  );
  return rows.length > 0;
}

/** Forgets a delivery whose handling failed, so that the provider's retry is handled. */
export async function forgetInboundEvent(db: Queryable, provider: string, eventId: string): Promise<void> {
  await db.query('DELETE FROM text_inbound_events WHERE provider = $1 AND event_id = $2', [
    provider,
    eventId,
  ]);
}

/** Stores the Telegram username the visitor gave (spec/calls.md §7 updateCurrentUserTelegram). */
export async function setTelegramUsername(db: Queryable, userId: string, username: string): Promise<void> {
  await db.query('UPDATE users SET telegram_username = $2, updated_at = now() WHERE id = $1', [
    userId,
    username,
  ]);
}

/** @module The local outbox: every e-mail and text the local providers "send" (DESIGN §2). */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';

/** E-mail, and the local text provider's channels (SMS, WhatsApp, Telegram). */
export const OutboxChannel = z.enum(['email', 'sms', 'whatsapp', 'telegram']);
export type OutboxChannel = z.infer<typeof OutboxChannel>;

export const OutboxRow = z.object({
  id: z.number(),
  channel: OutboxChannel,
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.date(),
});
export type OutboxRow = z.infer<typeof OutboxRow>;

export async function insertOutbox(
  db: Queryable,
  message: { channel: OutboxChannel; to: string; subject: string | null; body: string },
): Promise<void> {
  await db.query('INSERT INTO outbox (channel, "to", subject, body) VALUES ($1, $2, $3, $4)', [
    message.channel,
    message.to,
    message.subject,
    message.body,
  ]);
}

/** The latest messages to `to`, newest first. */
export async function listOutbox(db: Queryable, to: string, limit: number): Promise<OutboxRow[]> {
  const rows = await db.query(
    `SELECT id, channel, "to", subject, body, created_at FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT $2`,
    [to, limit],
  );
  return z.array(OutboxRow).parse(rows);
}

/**
 * @module The local developer's way to read sign-in codes: GET /api/dev/outbox?to=<address>
 * answers the latest outbox messages to that address (e-mail or phone number). It exists only
 * when DEV_OUTBOX is on, while the local outbox is the mailer (no SMTP_URL), and only for
 * requests made on this machine straight to the server; anything else answers 404, as if there
 * were no such route. The setting comes first because the loopback check alone trusts the
 * socket: a reverse proxy on the same machine that rewrites Host makes every visitor "local".
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isDirectLoopbackRequest } from '../http/client-address';
import { listOutbox, type OutboxChannel, type OutboxRow } from '../store/outbox';

/** Messages answered at most. */
export const DEV_OUTBOX_LIMIT = 20;

export interface DevOutboxMessage {
  id: number;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  /** The first six-digit number in the subject or body: the code, for scripts. */
  code: string | null;
  createdAt: string;
}

function toDevMessage(row: OutboxRow): DevOutboxMessage {
  const code = /\b\d{6}\b/.exec(`${row.subject ?? ''}\n${row.body}`)?.[0] ?? null;
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    code,
    createdAt: row.created_at.toISOString(),
  };
}

export function devOutboxRoutes({ db, mailer, config }: AppDeps) {
  return new Hono().get('/dev/outbox', async (c, next) => {
    if (!config.devOutbox || mailer.kind !== 'outbox' || !isDirectLoopbackRequest(c)) return next();
    const raw = c.req.query('to')?.trim() ?? '';
    if (raw === '') return apiError(c, 400, 'to is required');
    const to = raw.includes('@') ? raw.toLowerCase() : raw.replace(/[\s().-]/g, '');
    const rows = await listOutbox(db, to, DEV_OUTBOX_LIMIT);
    return c.json({ messages: rows.map(toDevMessage) });
  });
}

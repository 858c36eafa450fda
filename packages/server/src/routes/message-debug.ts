/**
 * @module The staff debug dialog's data (issue 10 §6, spec/chat.md §6): GET /api/messages/:id/debug
 * answers a message as stored — ids, sender, timestamp, citations, files — and, for a clone answer,
 * the retrieval behind it (how it was found, the query, the passages and their ranks), kept with
 * the answer when it was made. Staff only: anyone else gets 404, as for a message that does not exist.
 */
import type { MessageDebug } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { toCitation } from '../mappers/citation';
import { type AppEnv, identityOf } from '../middleware/identity';
import { findMessageForDebug, listCitations } from '../store/messages';
import { MESSAGE_NOT_FOUND } from './messages';

export function messageDebugRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/messages/:id/debug', async (c) => {
    const id = c.req.param('id');
    const user = await identityOf(c).user();
    const row = user?.staff && isUuid(id) ? await findMessageForDebug(db, id) : null;
    if (!row) return apiError(c, 404, MESSAGE_NOT_FOUND);
    const answer: MessageDebug = {
      id: row.id,
      conversationId: row.conversation_id,
      sender: row.sender,
      createdAt: row.created_at.toISOString(),
      text: row.text,
      fromStudio: row.from_studio,
      citations: (await listCitations(db, row.id)).map(toCitation),
      files: row.files,
      retrieval: row.retrieval,
    };
    return c.json(answer);
  });
}

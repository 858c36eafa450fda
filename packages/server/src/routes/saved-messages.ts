/**
 * @module Save and unsave a clone message (spec/chat.md §4, DESIGN §4 `POST /api/messages/:id/save`
 * with `{"saved": boolean}`), and the signed-in user's saved messages with a clone
 * (`GET /api/clones/:slug/saved`). Only the owner of the message's conversation saves it; any
 * other message answers 404, as one that does not exist.
 */
import { LOGIN_REQUIRED, type SavedMessages, SaveRequest, type SaveResponse } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug, findInstance } from '../store/clones';
import { listSaved, setSaved } from '../store/saved-messages';
import { CLONE_NOT_FOUND, INSTANCE_NOT_FOUND } from './clones';
import { MESSAGE_NOT_FOUND } from './messages';

export function savedMessageRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return new Hono<AppEnv>()
    .post('/messages/:id/save', jsonBody(SaveRequest, limits), async (c) => {
      const messageId = c.req.param('id');
      const { saved } = c.var.body;
      const owner = await ownerOf(c);
      const stored = isUuid(messageId) && (await setSaved(db, { messageId, owner, saved }));
      if (!stored) return apiError(c, 404, MESSAGE_NOT_FOUND);
      const answer: SaveResponse = { messageId, saved };
      return c.json(answer);
    })
    .get('/clones/:slug/saved', async (c) => {
      const user = await identityOf(c).user();
      if (!user) return apiError(c, 401, LOGIN_REQUIRED);
      const clone = await findCloneBySlug(db, c.req.param('slug'));
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      const instanceSlug = c.req.query('instance');
      const instance = instanceSlug ? await findInstance(db, clone.id, instanceSlug) : null;
      if (instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
      const rows = await listSaved(db, {
        cloneId: clone.id,
        userId: user.id,
        instanceId: instance?.id ?? null,
      });
      const answer: SavedMessages = rows.map((row) => ({
        id: row.id,
        text: row.text,
        createdAt: row.created_at.toISOString(),
        conversationId: row.conversation_id,
        conversationTitle: row.title,
      }));
      return c.json(answer);
    });
}

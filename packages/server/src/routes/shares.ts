/**
 * @module Sharing conversations (DESIGN §4; spec/chat.md §4 Share, §6, §8; issue 10 §1):
 * share (`POST /api/conversations/:id/share`) and unshare (`DELETE /api/shares/:shareId`) by the
 * conversation's owner, only for a public clone; the read-only view for anyone with the link
 * (`GET /api/shares/:shareId`); and continuing it as a new conversation of the caller's
 * (`POST /api/shares/:shareId/continue`). An unshared link answers 404 at once.
 */
import {
  type ContinueSharedResponse,
  SHARE_NOT_FOUND,
  SHARING_NOT_ALLOWED,
  type SharedConversation,
  type ShareResponse,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { isUuid } from '../http/uuid';
import { toMessage } from '../mappers/message';
import { type AppEnv, ownerOf } from '../middleware/identity';
import { createConversation } from '../store/conversations';
import { listMessages } from '../store/messages';
import { takeSlot } from '../store/rate-events';
import { copyMessages, findShared, shareConversation, unshareConversation } from '../store/shares';
import { CONVERSATION_NOT_FOUND, TOO_MANY_CONVERSATIONS } from './conversations';

const HOUR_MS = 60 * 60 * 1000;
/** Share ids are 12 URL-safe characters; anything else is no share. */
const SHARE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function shareRoutes({ db, config, clock }: AppDeps) {
  return new Hono<AppEnv>()
    .post('/conversations/:id/share', async (c) => {
      const id = c.req.param('id');
      const outcome = isUuid(id) ? await shareConversation(db, id, await ownerOf(c)) : 'not-found';
      if (outcome === 'not-found') return apiError(c, 404, CONVERSATION_NOT_FOUND);
      if (outcome === 'private') return apiError(c, 403, SHARING_NOT_ALLOWED);
      const answer: ShareResponse = { conversationId: id, shareId: outcome.shareId };
      return c.json(answer);
    })
    .delete('/shares/:shareId', async (c) => {
      const shareId = c.req.param('shareId');
      const done = SHARE_ID.test(shareId) && (await unshareConversation(db, shareId, await ownerOf(c)));
      if (!done) return apiError(c, 404, SHARE_NOT_FOUND);
      return c.body(null, 204);
    })
    .get('/shares/:shareId', async (c) => {
      const shareId = c.req.param('shareId');
      const row = SHARE_ID.test(shareId) ? await findShared(db, shareId) : null;
      if (!row) return apiError(c, 404, SHARE_NOT_FOUND);
      // The owner's own marks stay theirs: a reader sees the conversation, not what its owner liked or saved.
      const messages = (await listMessages(db, row.id))
        .filter((m) => m.sender !== 'SYSTEM')
        .map((m) => ({ ...toMessage(m), saved: false, reaction: null }));
      const answer: SharedConversation = {
        shareId,
        title: row.title,
        cloneSlug: row.clone_slug,
        instanceSlug: row.instance_slug,
        medium: row.medium,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        messages,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    })
    .post('/shares/:shareId/continue', async (c) => {
      const shareId = c.req.param('shareId');
      const row = SHARE_ID.test(shareId) ? await findShared(db, shareId) : null;
      if (!row) return apiError(c, 404, SHARE_NOT_FOUND);
      // A new conversation like any other: bounded per client (issue 7 §5).
      const allowed = await takeSlot(db, {
        bucket: 'conversation',
        key: clientIp(c, config.auth),
        limit: config.usage.conversationsPerIpPerHour,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      if (!allowed) return apiError(c, 429, TOO_MANY_CONVERSATIONS);
      const owner = await ownerOf(c);
      const created = await db.transaction(async (tx) => {
        const conversation = await createConversation(tx, {
          cloneId: row.clone_id,
          instanceId: row.instance_id,
          medium: 'WEB',
          owner,
        });
        await copyMessages(tx, row.id, conversation.id);
        return conversation;
      });
      const answer: ContinueSharedResponse = { conversationId: created.id };
      return c.json(answer, 201);
    });
}

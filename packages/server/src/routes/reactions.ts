/**
 * @module Like and thumbs-down on a clone message (issue 9 §12): POST /api/messages/:id/reaction
 * with `{"reaction": "like" | "dislike" | null}` sets or clears the caller's reaction, kept per
 * message and person and read back with the conversation (`Message.reaction`). Only the owner of
 * the message's conversation may react; any other message answers 404, as one that does not exist.
 */
import { ReactionRequest, type ReactionResponse } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { type AppEnv, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { setReaction } from '../store/reactions';
import { MESSAGE_NOT_FOUND } from './messages';

export function reactionRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return new Hono<AppEnv>().post('/messages/:id/reaction', jsonBody(ReactionRequest, limits), async (c) => {
    const messageId = c.req.param('id');
    const { reaction } = c.var.body;
    const owner = await ownerOf(c);
    const stored = isUuid(messageId) && (await setReaction(db, { messageId, owner, reaction }));
    if (!stored) return apiError(c, 404, MESSAGE_NOT_FOUND);
    const answer: ReactionResponse = { messageId, reaction };
    return c.json(answer);
  });
}

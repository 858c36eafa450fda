/** @module Create, read and rename conversations. */
import {
  type Conversation,
  type ConversationWithMessages,
  CreateConversationRequest,
  RenameConversationRequest,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { toConversation } from '../mappers/conversation';
import { toMessage } from '../mappers/message';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug, findInstance } from '../store/clones';
import { createConversation, findConversation, renameConversation } from '../store/conversations';
import { listMessages } from '../store/messages';
import { CLONE_NOT_FOUND, INSTANCE_NOT_FOUND } from './clones';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export function conversationRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return (
    new Hono()
      /** A new, empty conversation with the clone (and instance). */
      .post('/conversations', jsonBody(CreateConversationRequest, limits), async (c) => {
        const body = c.var.body;
        const clone = await findCloneBySlug(db, body.slug);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instance = body.instanceSlug ? await findInstance(db, clone.id, body.instanceSlug) : null;
        if (body.instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const row = await createConversation(db, {
          cloneId: clone.id,
          instanceId: instance?.id ?? null,
          medium: body.medium,
        });
        const conversation: Conversation = toConversation(row);
        return c.json(conversation, 201);
      })
      /** One conversation with its messages, oldest first. */
      .get('/conversations/:id', async (c) => {
        const id = c.req.param('id');
        const row = isUuid(id) ? await findConversation(db, id) : null;
        if (!row) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        const messages = await listMessages(db, id);
        const answer: ConversationWithMessages = {
          ...toConversation(row),
          messages: messages.map(toMessage),
        };
        return c.json(answer);
      })
      /** spec/chat.md §7: rename; the title is 1 to 100 characters after trimming. */
      .post('/clone/talk/conversation/title', jsonBody(RenameConversationRequest, limits), async (c) => {
        const { id, title } = c.var.body;
        const stored = isUuid(id) ? await renameConversation(db, id, title) : null;
        if (stored === null) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        return c.json({ title: stored });
      })
  );
}

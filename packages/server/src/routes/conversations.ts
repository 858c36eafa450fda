/**
 * @module Conversations: start, read, rename, archive, claim, and the signed-in history list.
 * Every read and write is the owner's: another visitor's or user's conversation answers 404,
 * exactly like one that does not exist.
 */
import {
  type ClaimConversationResponse,
  type Conversation,
  type ConversationHistory,
  ConversationUpdateRequest,
  type ConversationWithMessages,
  CreateConversationRequest,
  LOGIN_REQUIRED,
  RenameConversationRequest,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { isUuid } from '../http/uuid';
import { toConversation } from '../mappers/conversation';
import { toMessage } from '../mappers/message';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug, findInstance } from '../store/clones';
import {
  claimConversation,
  createConversation,
  findConversation,
  listUserConversations,
  updateConversation,
} from '../store/conversations';
import { listMessages } from '../store/messages';
import { takeSlot } from '../store/rate-events';
import { reactionSubjects } from '../store/reactions';
import { ensureFollower } from '../store/relationships';
import { CLONE_NOT_FOUND, INSTANCE_NOT_FOUND } from './clones';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const TOO_MANY_CONVERSATIONS = 'Too many conversations started. Try again later.';
const HOUR_MS = 60 * 60 * 1000;

export function conversationRoutes({ db, config, clock }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return (
    new Hono<AppEnv>()
      /** A new, empty conversation with the clone (and instance), the caller's. */
      .post('/conversations', jsonBody(CreateConversationRequest, limits), async (c) => {
        const body = c.var.body;
        const owner = await ownerOf(c);
        const clone = await findCloneBySlug(db, body.slug);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instance = body.instanceSlug ? await findInstance(db, clone.id, body.instanceSlug) : null;
        if (body.instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        // Issue 7 §5: every new visitor starts with a free quota; bound what one client takes.
        const allowed = await takeSlot(db, {
          bucket: 'conversation',
          key: clientIp(c, config.auth),
          limit: config.usage.conversationsPerIpPerHour,
          windowMs: HOUR_MS,
          now: clock.now(),
        });
        if (!allowed) return apiError(c, 429, TOO_MANY_CONVERSATIONS);
        const row = await createConversation(db, {
          cloneId: clone.id,
          instanceId: instance?.id ?? null,
          medium: body.medium,
          owner,
        });
        if (owner.userId) await ensureFollower(db, owner.userId, clone.id);
        const conversation: Conversation = toConversation(row);
        return c.json(conversation, 201);
      })
      /** One conversation with its messages, oldest first. */
      .get('/conversations/:id', async (c) => {
        const id = c.req.param('id');
        const owner = await ownerOf(c);
        const row = isUuid(id) ? await findConversation(db, id, owner) : null;
        if (!row) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        // Each message with the caller's own like or thumbs-down (issue 9 §12).
        const messages = await listMessages(db, id, reactionSubjects(owner));
        const answer: ConversationWithMessages = {
          ...toConversation(row),
          messages: messages.map(toMessage),
        };
        return c.json(answer);
      })
      /** History drawer: rename (title 1–100 characters) and/or archive (`hidden: true`). */
      .patch('/conversations/:id', jsonBody(ConversationUpdateRequest, limits), async (c) => {
        const id = c.req.param('id');
        const { title, hidden } = c.var.body;
        const row = isUuid(id) ? await updateConversation(db, id, await ownerOf(c), { title, hidden }) : null;
        if (!row) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        const answer: Conversation = toConversation(row);
        return c.json(answer);
      })
      /** After sign-in: the visitor's conversation becomes the user's (spec/chat.md §4 capture). */
      .post('/conversations/:id/claim', async (c) => {
        const identity = identityOf(c);
        const user = await identity.user();
        if (!user) return apiError(c, 401, LOGIN_REQUIRED);
        const id = c.req.param('id');
        const result = isUuid(id)
          ? await claimConversation(db, id, { userId: user.id, visitorId: identity.visitorId })
          : null;
        if (!result) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        await ensureFollower(db, user.id, result.row.clone_id);
        const answer: ClaimConversationResponse = {
          conversation: toConversation(result.row),
          claimed: result.claimed,
        };
        return c.json(answer);
      })
      /** spec/chat.md §7: rename; the title is 1 to 100 characters after trimming. */
      .post('/clone/talk/conversation/title', jsonBody(RenameConversationRequest, limits), async (c) => {
        const { id, title } = c.var.body;
        const row = isUuid(id) ? await updateConversation(db, id, await ownerOf(c), { title }) : null;
        if (!row) return apiError(c, 404, CONVERSATION_NOT_FOUND);
        return c.json({ title: row.title });
      })
      /** The signed-in user's visible (or, `?archived=true`, archived) conversations, newest first. */
      .get('/clones/:slug/conversations', async (c) => {
        const user = await identityOf(c).user();
        if (!user) return apiError(c, 401, LOGIN_REQUIRED);
        const clone = await findCloneBySlug(db, c.req.param('slug'));
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instanceSlug = c.req.query('instance');
        const instance = instanceSlug ? await findInstance(db, clone.id, instanceSlug) : null;
        if (instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const archived = c.req.query('archived');
        if (archived !== undefined && archived !== 'true' && archived !== 'false') {
          return apiError(c, 400, 'archived: Expected true or false');
        }
        const rows = await listUserConversations(db, {
          cloneId: clone.id,
          userId: user.id,
          instanceId: instance?.id ?? null,
          archived: archived === 'true',
        });
        const answer: ConversationHistory = rows.map(toConversation);
        return c.json(answer);
      })
  );
}

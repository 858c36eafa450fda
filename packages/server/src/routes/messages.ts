/**
 * @module Sending a message (the answer streams back as SSE) and reading an answer's sources.
 * spec/chat.md §7, DESIGN §4: the visitor's message is stored before the first byte.
 */
import { type Citation, INVALID_OUTBOUND_MESSAGE, StreamRequest } from '@doppel/protocol';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { isUuid } from '../http/uuid';
import { toCitation } from '../mappers/citation';
import { jsonBody } from '../middleware/json-body';
import { acceptMessage } from '../store/accept-message';
import { findCloneBySlug } from '../store/clones';
import { listCitations, messageExists } from '../store/messages';
import { answerStream } from '../streaming/answer-stream';
import { SSE_HEADERS } from '../streaming/sse';
import { titleFromMessage } from '../streaming/title-from-message';
import { CLONE_NOT_FOUND } from './clones';
import { CONVERSATION_NOT_FOUND } from './conversations';

export const MESSAGE_NOT_FOUND = 'Message not found';
/** Earlier turns the brain sees as context. */
export const HISTORY_TURNS = 12;

/**
 * spec/chat.md §5/§8: a blank text is exactly 'Invalid outbound message'; any other problem
 * says which field is wrong after it.
 */
export function describeOutbound(error: z.ZodError): string {
  const blankOnly = error.issues.every((i) => i.code === 'custom' && i.path.join('.') === 'message.text');
  return blankOnly ? INVALID_OUTBOUND_MESSAGE : `${INVALID_OUTBOUND_MESSAGE}: ${describeIssues(error)}`;
}

export function messageRoutes({ db, brain, config, logger }: AppDeps) {
  const body = jsonBody(StreamRequest, { maxBytes: config.jsonBodyLimitBytes, describe: describeOutbound });
  return new Hono()
    .post('/clone/talk/messages/stream', body, async (c) => {
      const { message } = c.var.body;
      const conversationId = message.conversationId;
      const question = message.text.trim();
      const accepted = isUuid(conversationId)
        ? await acceptMessage(db, {
            conversationId,
            slug: message.slug,
            text: question,
            firstTitle: titleFromMessage(question),
            historyTurns: HISTORY_TURNS,
          })
        : null;
      if (!accepted) {
        const clone = await findCloneBySlug(db, message.slug);
        return apiError(c, 404, clone ? CONVERSATION_NOT_FOUND : CLONE_NOT_FOUND);
      }
      const { clone, history } = accepted;
      const stream = answerStream({
        db,
        brain,
        logger,
        keepAliveMs: config.streamKeepAliveMs,
        conversationId,
        input: { clone, question, history },
      });
      return new Response(stream, { status: 200, headers: SSE_HEADERS });
    })
    .get('/clone/talk/messages/:id/sources', async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id) || !(await messageExists(db, id))) return apiError(c, 404, MESSAGE_NOT_FOUND);
      const sources: Citation[] = (await listCitations(db, id)).map(toCitation);
      return c.json(sources);
    });
}

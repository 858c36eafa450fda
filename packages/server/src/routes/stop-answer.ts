/**
 * @module Stop (spec/chat.md §4, issue 9 §6): POST /api/conversations/:id/stop with the answer as
 * it stood on the visitor's screen; the answer to the visitor's latest message is kept as that
 * (store/stop-answer.ts). Another visitor's conversation answers 404, as one that does not exist.
 */
import { StopAnswerRequest, type StopAnswerResponse } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { toMessage } from '../mappers/message';
import { type AppEnv, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { stopAnswer } from '../store/stop-answer';
import { CONVERSATION_NOT_FOUND } from './conversations';

export function stopAnswerRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return new Hono<AppEnv>().post(
    '/conversations/:id/stop',
    jsonBody(StopAnswerRequest, limits),
    async (c) => {
      const conversationId = c.req.param('id');
      const owner = await ownerOf(c);
      const outcome = isUuid(conversationId)
        ? await stopAnswer(db, { conversationId, owner, shownText: c.var.body.shownText })
        : { status: 'not-found' as const };
      if (outcome.status === 'not-found') return apiError(c, 404, CONVERSATION_NOT_FOUND);
      const answer: StopAnswerResponse = {
        message: outcome.status === 'cut' && outcome.message ? toMessage(outcome.message) : null,
      };
      return c.json(answer);
    },
  );
}

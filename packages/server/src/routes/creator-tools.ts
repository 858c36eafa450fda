/**
 * @module Creator tools on a clone answer (issue 10 §5, spec/chat.md §5, §8):
 * POST /api/messages/:id/improve `{"idealResponse"}` stores a revised answer the brain gives from
 * then on for the question it answered (and close paraphrases), cited as 'Answer Provided by the
 * Clone Creator'; POST /api/messages/:id/tone `{"toneFeedback"}` stores a note on the clone's
 * speaking style applied to its later answers. Only a CREATOR or CONTRIBUTOR of the message's
 * clone may call them: anyone else gets 404, as for a message that does not exist.
 */
import {
  ImproveRequest,
  type ImproveResponse,
  NO_PRECEDING_USER_MESSAGE,
  ToneRequest,
  type ToneResponse,
} from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCreatorTarget, storeCreatorAnswer, storeToneFeedback } from '../store/creator-tools';
import { MESSAGE_NOT_FOUND } from './messages';

export function creatorToolRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };

  /** The message's clone and question for a creator of it, or the answer refusing the call. */
  const target = async <E extends AppEnv>(c: Context<E>) => {
    const messageId = c.req.param('id') ?? '';
    const user = await identityOf(c).user();
    const found = user && isUuid(messageId) ? await findCreatorTarget(db, messageId, user.id) : null;
    if (!user || !found) return { refusal: apiError(c, 404, MESSAGE_NOT_FOUND) } as const;
    if (found.question === null) return { refusal: apiError(c, 400, NO_PRECEDING_USER_MESSAGE) } as const;
    return { messageId, userId: user.id, cloneId: found.cloneId, question: found.question } as const;
  };

  return new Hono<AppEnv>()
    .post('/messages/:id/improve', jsonBody(ImproveRequest, limits), async (c) => {
      const found = await target(c);
      if ('refusal' in found) return found.refusal;
      const id = await storeCreatorAnswer(db, { ...found, answer: c.var.body.idealResponse });
      const answer: ImproveResponse = { id, messageId: found.messageId, question: found.question };
      return c.json(answer);
    })
    .post('/messages/:id/tone', jsonBody(ToneRequest, limits), async (c) => {
      const found = await target(c);
      if ('refusal' in found) return found.refusal;
      const id = await storeToneFeedback(db, { ...found, feedback: c.var.body.toneFeedback });
      const answer: ToneResponse = { id, messageId: found.messageId };
      return c.json(answer);
    });
}

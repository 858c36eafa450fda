/**
 * @module The bot check's two calls (spec/chat.md §6; issue 10 §11): GET /api/bot-check answers
 * whether the site's sends need a token here and a challenge to solve; POST /api/bot-check
 * redeems a solved challenge, once, for the caller's token. The send route checks the token.
 */
import {
  BOT_CHECK_FAILED,
  type BotCheckChallengeResponse,
  BotCheckSolution,
  type BotCheckToken,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';

export function botCheckRoutes(deps: AppDeps) {
  const { config, botCheck } = deps;
  return new Hono<AppEnv>()
    .get('/bot-check', async (c) => {
      c.header('Cache-Control', 'no-store');
      const answer: BotCheckChallengeResponse = config.botCheck.required
        ? { required: true, challenge: await botCheck.challenge() }
        : { required: false };
      return c.json(answer);
    })
    .post('/bot-check', jsonBody(BotCheckSolution, { maxBytes: 4_096 }), async (c) => {
      const identity = identityOf(c);
      // A token is bound to the visitor id the browser keeps; a caller with none has nothing to bind.
      if (identity.freshVisitor) return apiError(c, 400, BOT_CHECK_FAILED);
      const redeemed = await botCheck.redeem(c.var.body.payload, identity.visitorId);
      if (!redeemed) return apiError(c, 400, BOT_CHECK_FAILED);
      const answer: BotCheckToken = { token: redeemed.token, expiresAt: redeemed.expiresAt.toISOString() };
      return c.json(answer);
    });
}

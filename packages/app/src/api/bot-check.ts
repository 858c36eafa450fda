import { BotCheckChallengeResponse, type BotCheckSolution, BotCheckToken } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** GET /api/bot-check: whether the site's sends need a token here, and a challenge if so. */
export function fetchBotCheck(api: ApiClient): Promise<BotCheckChallengeResponse> {
  return api.request('/bot-check', BotCheckChallengeResponse);
}

/** POST /api/bot-check: redeems a solved challenge for this browser's token. */
export function redeemBotCheck(api: ApiClient, solution: BotCheckSolution): Promise<BotCheckToken> {
  return api.request('/bot-check', BotCheckToken, { method: 'POST', body: solution });
}

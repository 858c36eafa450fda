/**
 * @module The invisible bot check of the full site's chat (spec/chat.md §6, issue 10 §11): a
 * proof of work (ALTCHA) the page solves in the background, redeemed once for a bot-check token
 * the site sends with each message (`message.botToken`). Embeds are exempt.
 */
import { z } from 'zod';

/** The text of a send refused for a missing, expired or foreign bot-check token (403). */
export const BOT_CHECK_FAILED = 'The bot check failed. Reload the page and try again.';

/** An ALTCHA challenge (altcha-lib's `Challenge`). */
export const BotCheckChallenge = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});
export type BotCheckChallenge = z.infer<typeof BotCheckChallenge>;

/**
 * Server → app, GET /api/bot-check: whether this deployment checks the site's sends
 * (BOT_CHECK), and if so a fresh challenge to solve.
 */
export const BotCheckChallengeResponse = z.discriminatedUnion('required', [
  z.object({ required: z.literal(false) }),
  z.object({ required: z.literal(true), challenge: BotCheckChallenge }),
]);
export type BotCheckChallengeResponse = z.infer<typeof BotCheckChallengeResponse>;

/** App → server, POST /api/bot-check: the solved challenge (ALTCHA's payload, base64 JSON). */
export const BotCheckSolution = z.object({ payload: z.string().min(1).max(2_000) });
export type BotCheckSolution = z.infer<typeof BotCheckSolution>;

/** Server → app: the token for this browser's visitor, and when it stops working (ISO-8601). */
export const BotCheckToken = z.object({ token: z.string(), expiresAt: z.string() });
export type BotCheckToken = z.infer<typeof BotCheckToken>;

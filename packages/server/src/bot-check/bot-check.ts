/**
 * @module The invisible bot check of the full site's chat (spec/chat.md §6; issue 10 §11),
 * self-hosted with ALTCHA (altcha-lib): the server signs a proof-of-work challenge, the page
 * solves it in the background, and the solution — checked and redeemed once, in the database,
 * whichever process sees it — buys a token bound to the browser's visitor id for an hour. The
 * site sends that token with each message; embeds (identified by the visitor header or a bearer
 * token) are exempt, as the spec says.
 */
import type { Queryable } from '@doppel/db';
import type { BotCheckChallenge } from '@doppel/protocol';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { z } from 'zod';
import { hmac, safeEqual } from '../auth/crypto';

/** How long a challenge may take to be solved and redeemed. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** How long a redeemed token lets the visitor send. */
export const BOT_TOKEN_TTL_MS = 60 * 60 * 1000;

/** What ALTCHA's payload carries back (base64 JSON). */
const Payload = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().max(200),
  number: z.number().int().nonnegative(),
  salt: z.string().max(300),
  signature: z.string().max(200),
});

export interface BotCheckOptions {
  db: Queryable;
  secret: () => Promise<string>;
  now: () => Date;
  maxNumber: number;
}

export function botCheck({ db, secret, now, maxNumber }: BotCheckOptions) {
  /** The challenges' HMAC key, apart from every other use of the server secret. */
  const challengeKey = async () => hmac(await secret(), 'bot-check:challenge');
  const tokenMac = async (visitorId: string, expiresMs: number) =>
    hmac(await secret(), `bot-check:token:${visitorId}:${expiresMs}`);

  return {
    /** A new signed challenge, good for CHALLENGE_TTL_MS. */
    async challenge(): Promise<BotCheckChallenge> {
      const challenge = await createChallenge({
        hmacKey: await challengeKey(),
        maxNumber,
        expires: new Date(now().getTime() + CHALLENGE_TTL_MS),
      });
      return { ...challenge, maxnumber: challenge.maxnumber ?? maxNumber };
    },

    /**
     * Checks a solved challenge (signature, expiry, the work itself) and redeems it once: a
     * token for `visitorId`, or null when it is not a valid, unused solution.
     */
    async redeem(encoded: string, visitorId: string): Promise<{ token: string; expiresAt: Date } | null> {
      const payload = Payload.safeParse(decodePayload(encoded));
      if (!payload.success) return null;
      // altcha-lib reads `expires` against the system clock; the tests' clock is checked too.
      if (!(await verifySolution(payload.data, await challengeKey(), true))) return null;
      const expires = Number(extractParams(payload.data).expires) * 1000;
      if (!Number.isFinite(expires) || expires <= now().getTime()) return null;
      await db.query('DELETE FROM bot_check_solutions WHERE expires_at < $1', [now()]);
      const fresh = await db.query(
        `INSERT INTO bot_check_solutions (signature, expires_at) VALUES ($1, $2)
         ON CONFLICT (signature) DO NOTHING RETURNING signature`,
        [payload.data.signature, new Date(expires)],
      );
      if (fresh.length === 0) return null;
      const expiresAt = new Date(now().getTime() + BOT_TOKEN_TTL_MS);
      const expiresMs = expiresAt.getTime();
      return { token: `${expiresMs}.${await tokenMac(visitorId, expiresMs)}`, expiresAt };
    },

    /** The token was issued to `visitorId` by this server and has not expired. */
    async accepts(token: string | null | undefined, visitorId: string): Promise<boolean> {
      const match = /^(\d{13})\.([\w-]{43})$/.exec(token ?? '');
      if (!match?.[1] || !match[2]) return false;
      const expiresMs = Number(match[1]);
      if (expiresMs <= now().getTime()) return false;
      return safeEqual(match[2], await tokenMac(visitorId, expiresMs));
    },
  };
}

export type BotCheck = ReturnType<typeof botCheck>;

function decodePayload(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}

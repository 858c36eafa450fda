/**
 * @module The ticket to a call's socket, handed out by POST /api/calls/voice: who called, which
 * conversation, until when it may connect — signed with the server secret, so any process behind
 * the load balancer takes it, and nobody else can make one.
 */
import { z } from 'zod';
import { hmac, safeEqual } from '../auth/crypto';

export const CALL_TOKEN_TTL_MS = 60_000;

export const CallClaims = z.object({
  /** The conversation of the call. */
  conversationId: z.string(),
  cloneId: z.string(),
  slug: z.string(),
  instanceId: z.string().nullable(),
  userId: z.string().nullable(),
  visitorId: z.string(),
  stateless: z.boolean(),
  /** Seconds already charged when the call was started. */
  charged: z.number().int().nonnegative(),
  /** The embed configuration's call limit in seconds (spec/calls.md §4); null for none. */
  callLimitSeconds: z.number().int().positive().nullable().default(null),
  expiresAt: z.number().int(),
});
export type CallClaims = z.infer<typeof CallClaims>;

export function signCallToken(secret: string, claims: CallClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${hmac(secret, `call:${body}`)}`;
}

/** The claims of a token this server signed that has not expired; null otherwise. */
export function readCallToken(secret: string, token: string, now: Date): CallClaims | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || !safeEqual(mac, hmac(secret, `call:${body}`))) return null;
  let claims: CallClaims;
  try {
    claims = CallClaims.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  return claims.expiresAt > now.getTime() ? claims : null;
}

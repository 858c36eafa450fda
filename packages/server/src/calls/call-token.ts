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
  /** What the call's seconds are charged to: voice seconds, or video seconds for a video call. */
  resource: z.enum(['voice_seconds', 'video_seconds']).default('voice_seconds'),
  /** The call's hard limit in seconds (spec/calls.md §9: 6 hours for voice, 1 hour for video). */
  maxSeconds: z.number().int().positive().max(21_600).default(21_600),
  /** The video call this socket carries (video_calls.id); null for a voice call. */
  videoCallId: z.string().nullable().default(null),
  /** The question chosen on the video start overlay: the clone answers it first. */
  question: z.string().nullable().default(null),
  expiresAt: z.number().int(),
});
export type CallClaims = z.infer<typeof CallClaims>;
/** What a route puts in a ticket (the defaults of a voice call may be left out). */
export type CallClaimsInput = z.input<typeof CallClaims>;

export function signCallToken(secret: string, claims: CallClaimsInput): string {
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

/**
 * @module Anonymous visitor ids (DESIGN §4): `<id>.<signature>`, where `id` is 32 random bytes
 * (base64url) and the signature HMAC-SHA256(secret, "visitor:" + id). The server issues them
 * and checks them without a database read; a made-up or altered value fails the check and the
 * caller gets a fresh visitor, never someone else's usage or conversations.
 */
import { hmac, randomToken, safeEqual } from './crypto';

const ID = /^[A-Za-z0-9_-]{43}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const sign = (secret: string, id: string) => hmac(secret, `visitor:${id}`);

/** A new visitor: `id` is what the database keys on, `token` what the client keeps. */
export function issueVisitorId(secret: string): { id: string; token: string } {
  const id = randomToken(32);
  return { id, token: `${id}.${sign(secret, id)}` };
}

/** The visitor id inside `token` when the server issued it; null otherwise. */
export function readVisitorId(secret: string, token: string | undefined | null): string | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!ID.test(id) || !SIGNATURE.test(signature)) return null;
  return safeEqual(signature, sign(secret, id)) ? id : null;
}

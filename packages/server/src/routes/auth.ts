/**
 * @module Sign-in with an e-mailed six-digit code, the session, sign-out (DESIGN §4, §6).
 *
 * Sending never says whether the address has an account. Codes come from the one send-code
 * service (auth/one-time-codes.ts): HMAC at rest, OTP_TTL_MS, used once, replaced by the next;
 * sends and wrong guesses limited per client so that nobody can lock an owner out. Of
 * concurrent correct tries exactly one signs in.
 */
import { normaliseOtp } from '@doppel/core';
import {
  INVALID_CODE,
  INVALID_EMAIL,
  LOGIN_REQUIRED,
  type LogoutResponse,
  type MeResponse,
  SEND_CODE_FAILED,
  SESSION_TTL_MS,
  SendEmailCodeRequest,
  type SendEmailCodeResponse,
  VERIFY_CODE_FAILED,
  VerifyEmailCodeRequest,
  type VerifyEmailCodeResponse,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { z } from 'zod';
import { randomToken } from '../auth/crypto';
import { checkEmail } from '../auth/email-rules';
import { oneTimeCodes, TOO_MANY_CODES, TOO_MANY_TRIES } from '../auth/one-time-codes';
import { clearSessionCookie, secureCookies, setSessionCookie } from '../auth/session-cookie';
import { signInMail } from '../auth/sign-in-mail';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { toRelationship, toUser } from '../mappers/user';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug } from '../store/clones';
import { listRelationships } from '../store/relationships';
import { createSession, revokeSession } from '../store/sessions';
import { upsertUserByEmail } from '../store/users';

/** A body the schema refuses: the spec's words for the field at fault. */
export function describeCodeRequest(error: z.ZodError): string {
  const field = error.issues[0]?.path[0];
  if (field === 'email') return INVALID_EMAIL;
  if (field === 'code') return INVALID_CODE;
  return describeIssues(error);
}

export function authRoutes(deps: AppDeps) {
  const { db, config, mailer, clock } = deps;
  /** DESIGN §2: Google sign-in is offered only with an OpenID Connect provider configured. */
  const googleSignIn = deps.google !== null;
  const codes = oneTimeCodes(deps);
  const limits = { maxBytes: config.jsonBodyLimitBytes, describe: describeCodeRequest };
  const secure = secureCookies(config.publicUrl);
  return (
    new Hono<AppEnv>()
      /** Mails a sign-in code. The same answer whether or not the address has an account. */
      .post('/auth/email/send', jsonBody(SendEmailCodeRequest, limits), async (c) => {
        const body = c.var.body;
        const check = await checkEmail(db, config.auth, body.email);
        if (!check.ok) return apiError(c, 400, check.error);
        const sent = await codes.send(
          c,
          { channel: 'email', subject: check.email, address: check.email },
          (code) =>
            mailer.send(
              signInMail({
                to: check.email,
                code,
                noLogo: body.noLogo ?? false,
                publicUrl: config.publicUrl,
              }),
            ),
        );
        if (sent === 'limited') return apiError(c, 429, TOO_MANY_CODES);
        if (sent === 'failed') return apiError(c, 502, SEND_CODE_FAILED);
        const answer: SendEmailCodeResponse = { ok: true };
        return c.json(answer);
      })
      /** Uses the code: creates the user on first sign-in, opens a session (cookie + token). */
      .post('/auth/email/verify', jsonBody(VerifyEmailCodeRequest, limits), async (c) => {
        const body = c.var.body;
        const otp = normaliseOtp(body.code);
        if (!otp.ok) return apiError(c, 400, otp.error);
        const check = await checkEmail(db, config.auth, body.email);
        if (!check.ok) return apiError(c, 400, check.error);
        const now = clock.now();
        const used = await codes.use(c, { channel: 'email', subject: check.email }, otp.code, async (tx) => {
          const user = await upsertUserByEmail(tx, check.email, body.timezone ?? null);
          const token = randomToken(32);
          await createSession(tx, {
            token,
            userId: user.id,
            now,
            expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
          });
          return { user, token };
        });
        if (used.outcome !== 'used') {
          return used.outcome === 'client-limit'
            ? apiError(c, 429, TOO_MANY_TRIES)
            : apiError(c, 400, VERIFY_CODE_FAILED);
        }
        const signedIn = used.value;
        setSessionCookie(c, signedIn.token, secure);
        const answer: VerifyEmailCodeResponse = { token: signedIn.token, user: toUser(signedIn.user) };
        return c.json(answer);
      })
      /** The session's user (cookie or bearer) and their relationships (with `?slug=`'s clone only). */
      .get('/me', async (c) => {
        const identity = identityOf(c);
        const user = await identity.user();
        if (!user) {
          if (identity.session?.from === 'cookie') clearSessionCookie(c, secure);
          const answer: MeResponse = { user: null, relationships: [], googleSignIn };
          return c.json(answer);
        }
        const slug = c.req.query('slug');
        const clone = slug ? await findCloneBySlug(db, slug) : null;
        const relationships = slug && !clone ? [] : await listRelationships(db, user.id, clone?.id ?? null);
        const answer: MeResponse = {
          user: toUser(user),
          relationships: relationships.map(toRelationship),
          googleSignIn,
        };
        return c.json(answer);
      })
      /** Embeds refresh their session with the bearer token they keep (spec/chat.md §7). */
      .get('/embed/auth', async (c) => {
        const identity = identityOf(c);
        const user = identity.session?.from === 'bearer' ? await identity.user() : null;
        if (!user || !identity.session) return apiError(c, 401, LOGIN_REQUIRED);
        return c.json({ user: toUser(user), token: identity.session.token });
      })
      /** Revokes the session (cookie or bearer) and clears the cookie; fine when signed out. */
      .post('/logout', async (c) => {
        const { session } = identityOf(c);
        if (session) await revokeSession(db, session.token, clock.now());
        clearSessionCookie(c, secure);
        const answer: LogoutResponse = { ok: true };
        return c.json(answer);
      })
  );
}

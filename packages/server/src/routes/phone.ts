/**
 * @module The capture flow's phone step and text opt-ins (spec/chat.md §4, spec/calls.md §5, §7),
 * for a signed-in user. Errors answer `{"detail": ...}`, as the spec's calls read them. Codes
 * follow the e-mail rules: HMAC at rest, 10 minutes, once, 5 wrong tries, limited sends.
 */
import { normaliseOtp, validateCapturePhone } from '@doppel/core';
import {
  INVALID_CODE,
  INVALID_PHONE_NUMBER,
  LOGIN_REQUIRED,
  type OptInStatus,
  OTP_TTL_MS,
  PhoneRequest,
  type PhoneResponse,
  PhoneVerifyRequest,
  type PhoneVerifyResponse,
  SEND_CODE_FAILED,
  UpdateOptInRequest,
  VERIFY_CODE_FAILED,
} from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { oneTimeCodes, TOO_MANY_CODES, TOO_MANY_TRIES } from '../auth/one-time-codes';
import type { AppDeps } from '../deps';
import { detailError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { toUser, type UserRow } from '../mappers/user';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug } from '../store/clones';
import { readOptIn, writeOptIn } from '../store/relationships';
import { setPhoneNumber } from '../store/users';
import { CLONE_NOT_FOUND } from './clones';

export const SLUG_REQUIRED = 'slug is required';

/**
 * The number as the provider gets it: spec/chat.md §5 asks only that something was typed;
 * spaces, dots, dashes and brackets are dropped so that one number is one key.
 */
export function normalisePhone(raw: string): { ok: true; phone: string } | { ok: false; error: string } {
  const check = validateCapturePhone(raw);
  if (!check.ok) return check;
  const phone = check.phone.replace(/[\s().-]/g, '');
  return phone === '' ? { ok: false, error: INVALID_PHONE_NUMBER } : { ok: true, phone };
}

function describePhoneRequest(error: z.ZodError): string {
  const field = error.issues[0]?.path[0];
  if (field === 'phone_number') return INVALID_PHONE_NUMBER;
  if (field === 'code') return INVALID_CODE;
  return describeIssues(error);
}

/** The code's subject: a number is verified for one user. */
const phoneSubject = (userId: string, phone: string) => `${userId}:${phone}`;

export function phoneRoutes(deps: AppDeps) {
  const { db, config, sms } = deps;
  const codes = oneTimeCodes(deps);
  const limits = {
    maxBytes: config.jsonBodyLimitBytes,
    describe: describePhoneRequest,
    errorKey: 'detail' as const,
  };
  const signedIn = async <E extends AppEnv>(c: Context<E>): Promise<UserRow | null> => identityOf(c).user();

  return (
    new Hono<AppEnv>()
      /** Texts a six-digit code to the number. */
      .post('/auth/phone', jsonBody(PhoneRequest, limits), async (c) => {
        const user = await signedIn(c);
        if (!user) return detailError(c, 401, LOGIN_REQUIRED);
        const number = normalisePhone(c.var.body.phone_number);
        if (!number.ok) return detailError(c, 400, number.error);
        const sent = await codes.send(
          c,
          { channel: 'sms', subject: phoneSubject(user.id, number.phone), address: `tel:${number.phone}` },
          (code) =>
            sms.send({
              to: number.phone,
              body: `Your Doppel code is ${code}. It works once, for ${Math.round(OTP_TTL_MS / 60_000)} minutes.`,
            }),
        );
        if (sent === 'limited') return detailError(c, 429, TOO_MANY_CODES);
        if (sent === 'failed') return detailError(c, 502, SEND_CODE_FAILED);
        const answer: PhoneResponse = { ok: true };
        return c.json(answer);
      })
      /** Uses the code: the number is stored on the user; with `slug`, texts from that clone are opted in. */
      .post('/auth/phone/verify', jsonBody(PhoneVerifyRequest, limits), async (c) => {
        const user = await signedIn(c);
        if (!user) return detailError(c, 401, LOGIN_REQUIRED);
        const body = c.var.body;
        const otp = normaliseOtp(body.code);
        if (!otp.ok) return detailError(c, 400, otp.error);
        const number = normalisePhone(body.phone_number);
        if (!number.ok) return detailError(c, 400, number.error);
        const clone = body.slug ? await findCloneBySlug(db, body.slug) : null;
        if (body.slug && !clone) return detailError(c, 404, CLONE_NOT_FOUND);
        const used = await codes.use(
          c,
          { channel: 'sms', subject: phoneSubject(user.id, number.phone) },
          otp.code,
          async (tx) => {
            if (clone) await writeOptIn(tx, user.id, clone.id, true);
            return setPhoneNumber(tx, user.id, number.phone);
          },
        );
        if (used.outcome !== 'used') {
          return used.outcome === 'client-limit'
            ? detailError(c, 429, TOO_MANY_TRIES)
            : detailError(c, 400, VERIFY_CODE_FAILED);
        }
        const verified = used.value;
        const answer: PhoneVerifyResponse = { user: toUser(verified) };
        return c.json(answer);
      })
      /** Whether the user agreed to texts from the clone `?slug=`. */
      .get('/auth/opt-in', async (c) => {
        const user = await signedIn(c);
        if (!user) return detailError(c, 401, LOGIN_REQUIRED);
        const slug = c.req.query('slug');
        if (!slug) return detailError(c, 400, SLUG_REQUIRED);
        const clone = await findCloneBySlug(db, slug);
        if (!clone) return detailError(c, 404, CLONE_NOT_FOUND);
        const answer: OptInStatus = { opt_in: await readOptIn(db, user.id, clone.id) };
        return c.json(answer);
      })
      /** Records (or withdraws) the opt-in for the clone. */
      .post('/auth/opt-in', jsonBody(UpdateOptInRequest, limits), async (c) => {
        const user = await signedIn(c);
        if (!user) return detailError(c, 401, LOGIN_REQUIRED);
        const body = c.var.body;
        const clone = await findCloneBySlug(db, body.slug);
        if (!clone) return detailError(c, 404, CLONE_NOT_FOUND);
        await writeOptIn(db, user.id, clone.id, body.opt_in);
        const answer: OptInStatus = { opt_in: body.opt_in };
        return c.json(answer);
      })
  );
}

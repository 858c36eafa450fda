import { z } from 'zod';
import { EMAIL_MAX_LENGTH, INVALID_EMAIL, INVALID_PHONE_NUMBER, PHONE_MAX_LENGTH } from './account-constants';
import { OTP_LENGTH } from './constants';
import { Relationship } from './relationship';

/**
 * An e-mail address as typed: trimmed, lower-cased, shaped like an address, else 'Invalid Email'
 * (spec/chat.md §5). Subaddress and ban rules need configuration and live in core's
 * `validateEmail`.
 */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

/** A one-time code on the wire: the code as typed; core's `normaliseOtp` decides if it is six digits. */
const CodeAsTyped = z.string().max(OTP_LENGTH * 4);

/** A phone number as typed: non-empty after trimming, else 'Invalid Phone Number' (spec/chat.md §5). */
const PhoneNumberAsTyped = z
  .string()
  .trim()
  .min(1, INVALID_PHONE_NUMBER)
  .max(PHONE_MAX_LENGTH, INVALID_PHONE_NUMBER);

/** App → server, POST /api/auth/email/send: mail a six-digit sign-in code to this address. */
export const SendEmailCodeRequest = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH * 2),
  /** Whitelabel embeds ask for a mail without the product logo (spec/chat.md §7 no-logo flag). */
  noLogo: z.boolean().optional(),
});
export type SendEmailCodeRequest = z.infer<typeof SendEmailCodeRequest>;

/** Server → app, answer to POST /api/auth/email/send: the code is on its way. Failure is `{error}`. */
export const SendEmailCodeResponse = z.object({ ok: z.literal(true) });
export type SendEmailCodeResponse = z.infer<typeof SendEmailCodeResponse>;

/** App → server, POST /api/auth/email/verify: the code the user typed, and their time zone. */
export const VerifyEmailCodeRequest = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH * 2),
  code: CodeAsTyped,
  timezone: z.string().max(100).nullish(),
});
export type VerifyEmailCodeRequest = z.infer<typeof VerifyEmailCodeRequest>;

/** spec/chat.md §3 / spec/calls.md §3: a signed-in user as the app sees them. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  /** Staff see the debug tooling (spec/chat.md §6). */
  staff: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * Server → app, answer to POST /api/auth/email/verify: signed in. `token` is a bearer token the
 * embed iframe keeps in its own storage; the full site also receives an HttpOnly session cookie.
 * Failure is `{error}`.
 */
export const VerifyEmailCodeResponse = z.object({ token: z.string(), user: User });
export type VerifyEmailCodeResponse = z.infer<typeof VerifyEmailCodeResponse>;

/** The `type` of the message the Google sign-in window posts to the window that opened it. */
export const GOOGLE_SIGN_IN_MESSAGE = 'doppel:google-sign-in';

/**
 * Sign-in window → the app window that opened it (postMessage, this origin only), at the end of
 * GET /api/auth/google/callback: signed in (the same answer as an e-mail code's), or the reason
 * it failed.
 */
export const GoogleSignInResult = z.discriminatedUnion('ok', [
  z.object({ type: z.literal(GOOGLE_SIGN_IN_MESSAGE), ok: z.literal(true), token: z.string(), user: User }),
  z.object({ type: z.literal(GOOGLE_SIGN_IN_MESSAGE), ok: z.literal(false), error: z.string() }),
]);
export type GoogleSignInResult = z.infer<typeof GoogleSignInResult>;

/**
 * Server → app, GET /api/me (cookie) and GET /api/embed/auth (bearer): the session's user, or
 * null when signed out, with their relationships (to the clone named by `?slug=`, when given),
 * and whether Google sign-in is offered (DESIGN §2: only with an OpenID Connect provider
 * configured; an answer without it, like /api/embed/auth's, offers none). The server always says it.
 */
export const MeResponse = z.object({
  user: User.nullable(),
  relationships: z.array(Relationship).optional(),
  googleSignIn: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** Server → app, answer to POST /api/logout: the session is revoked and the cookie cleared. */
export const LogoutResponse = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** App → server, POST /api/auth/phone (signed in): text a six-digit code to this number. */
export const PhoneRequest = z.object({
  phone_number: PhoneNumberAsTyped,
});
export type PhoneRequest = z.infer<typeof PhoneRequest>;

/**
 * App → server, POST /api/auth/phone/verify (signed in): the texted code for this number. With
 * `slug`, the verified number also opts in to texts from that clone (spec/chat.md §4 capture:
 * a verified code sets opt-in true).
 */
export const PhoneVerifyRequest = z.object({
  code: CodeAsTyped,
  phone_number: PhoneNumberAsTyped,
  slug: z.string().min(1).max(200).optional(),
});
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequest>;

/** Server → app, answer to POST /api/auth/phone: the code is on its way. */
export const PhoneResponse = z.object({ ok: z.literal(true) });
export type PhoneResponse = z.infer<typeof PhoneResponse>;

/** Server → app, answer to POST /api/auth/phone/verify: the number is verified and stored on the user. */
export const PhoneVerifyResponse = z.object({ user: User });
export type PhoneVerifyResponse = z.infer<typeof PhoneVerifyResponse>;

/**
 * Server → app, every 4xx/5xx of the phone and opt-in routes: a readable reason under `detail`,
 * not `error` (spec/calls.md §7 — "a 'detail' field means failure").
 */
export const DetailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof DetailError>;

/** Server → app, GET /api/auth/opt-in?slug=: whether the user agreed to texts from this clone. */
export const OptInStatus = z.object({ opt_in: z.boolean() });
export type OptInStatus = z.infer<typeof OptInStatus>;

/** App → server, POST /api/auth/opt-in: record (or withdraw) the text opt-in for a clone. */
export const UpdateOptInRequest = z.object({ opt_in: z.boolean(), slug: z.string().min(1) });
export type UpdateOptInRequest = z.infer<typeof UpdateOptInRequest>;

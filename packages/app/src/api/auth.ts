/** @module Sign-in and session calls: e-mail code, verify, session, sign out (spec/chat.md §7). */
import {
  LogoutResponse,
  type MeResponse,
  MeResponse as MeResponseSchema,
  OptInStatus,
  PhoneResponse,
  type PhoneVerifyResponse as PhoneVerifyAnswer,
  PhoneVerifyResponse,
  SendEmailCodeResponse,
  type VerifyEmailCodeResponse,
  VerifyEmailCodeResponse as VerifyEmailCodeResponseSchema,
} from '@doppel/protocol';
import { request, type Schema } from './request';

/** The session as the app keeps it: GET /api/me plus the sign-in options the server offers. */
export interface SessionAnswer extends MeResponse {
  /** The server has a Google provider configured; off unless it says `googleSignIn: true`. */
  googleSignIn: boolean;
}

const SessionAnswerSchema: Schema<SessionAnswer> = {
  safeParse(data: unknown) {
    const me = MeResponseSchema.safeParse(data);
    if (!me.success) return { success: false };
    const google = typeof data === 'object' && data !== null && 'googleSignIn' in data && data.googleSignIn;
    return { success: true, data: { ...me.data, googleSignIn: google === true } };
  },
};

/** GET /api/me (?slug=): the signed-in user (or null) and their relationships. */
export function fetchSession(slug?: string | null): Promise<SessionAnswer> {
  const query = slug ? `?slug=${encodeURIComponent(slug)}` : '';
  return request(`/me${query}`, SessionAnswerSchema);
}

/** POST /api/auth/email/send: mails a six-digit code. Failure throws with the server's `error`. */
export async function sendEmailCode(email: string, noLogo = false): Promise<void> {
  await request('/auth/email/send', SendEmailCodeResponse, {
    method: 'POST',
    body: noLogo ? { email, noLogo } : { email },
  });
}

/** POST /api/auth/email/verify: signs in with the code; the full site also gets the session cookie. */
export function verifyEmailCode(email: string, code: string): Promise<VerifyEmailCodeResponse> {
  return request('/auth/email/verify', VerifyEmailCodeResponseSchema, {
    method: 'POST',
    body: { email, code, timezone: browserTimezone() },
  });
}

/**
 * GET /api/embed/auth: the session of the bearer token an embed keeps (spec/chat.md §7 — in an
 * embed the session is refreshed here, not at /api/me); 401 when the token is missing or revoked.
 */
export function fetchEmbedSession(): Promise<SessionAnswer> {
  return request('/embed/auth', SessionAnswerSchema);
}

/** POST /api/auth/phone (signed in): texts a six-digit code; failure throws with the server's `detail`. */
export async function sendPhoneCode(phone: string): Promise<void> {
  await request('/auth/phone', PhoneResponse, { method: 'POST', body: { phone_number: phone } });
}

/**
 * POST /api/auth/phone/verify (signed in): verifies the number; with `slug` the number also opts
 * in to texts from that clone (spec/chat.md §4: a verified code sets opt-in true).
 */
export function verifyPhoneCode(phone: string, code: string, slug?: string): Promise<PhoneVerifyAnswer> {
  return request('/auth/phone/verify', PhoneVerifyResponse, {
    method: 'POST',
    body: slug ? { code, phone_number: phone, slug } : { code, phone_number: phone },
  });
}

/** GET /api/auth/opt-in?slug= (signed in): whether the user agreed to texts from the clone. */
export async function fetchOptIn(slug: string): Promise<boolean> {
  const answer = await request(`/auth/opt-in?slug=${encodeURIComponent(slug)}`, OptInStatus);
  return answer.opt_in;
}

/** POST /api/logout: revokes the session and clears the cookie. */
export async function logout(): Promise<void> {
  await request('/logout', LogoutResponse, { method: 'POST' });
}

/** The browser's IANA time zone, or null when it cannot tell. */
export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** @module Sign-in and session calls: e-mail code, verify, session, sign out (spec/chat.md §7). */
import {
  LogoutResponse,
  type MeResponse,
  MeResponse as MeResponseSchema,
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

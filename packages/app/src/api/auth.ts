/** @module Sign-in and session calls: e-mail code, verify, session, sign out (spec/chat.md §7). */
import {
  LogoutResponse,
  MeResponse,
  OptInStatus,
  PhoneResponse,
  type PhoneVerifyResponse as PhoneVerifyAnswer,
  PhoneVerifyResponse,
  SendEmailCodeResponse,
  type VerifyEmailCodeResponse,
  VerifyEmailCodeResponse as VerifyEmailCodeResponseSchema,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** GET /api/me (?slug=): the signed-in user (or null) and their relationships. */
export function fetchSession(api: ApiClient, slug?: string | null): Promise<MeResponse> {
  const query = slug ? `?slug=${encodeURIComponent(slug)}` : '';
  return api.request(`/me${query}`, MeResponse);
}

/** POST /api/auth/email/send: mails a six-digit code. Failure throws with the server's `error`. */
export async function sendEmailCode(api: ApiClient, email: string, noLogo = false): Promise<void> {
  await api.request('/auth/email/send', SendEmailCodeResponse, {
    method: 'POST',
    body: noLogo ? { email, noLogo } : { email },
  });
}

/** POST /api/auth/email/verify: signs in with the code; the full site also gets the session cookie. */
export function verifyEmailCode(
  api: ApiClient,
  email: string,
  code: string,
): Promise<VerifyEmailCodeResponse> {
  return api.request('/auth/email/verify', VerifyEmailCodeResponseSchema, {
    method: 'POST',
    body: { email, code, timezone: browserTimezone() },
  });
}

/**
 * GET /api/embed/auth: the session of the bearer token an embed keeps (spec/chat.md §7 — in an
 * embed the session is refreshed here, not at /api/me); 401 when the token is missing or revoked.
 */
export function fetchEmbedSession(api: ApiClient): Promise<MeResponse> {
  return api.request('/embed/auth', MeResponse);
}

/** POST /api/auth/phone (signed in): texts a six-digit code; failure throws with the server's `detail`. */
export async function sendPhoneCode(api: ApiClient, phone: string): Promise<void> {
  await api.request('/auth/phone', PhoneResponse, { method: 'POST', body: { phone_number: phone } });
}

/**
 * POST /api/auth/phone/verify (signed in): verifies the number; with `slug` the number also opts
 * in to texts from that clone (spec/chat.md §4: a verified code sets opt-in true).
 */
export function verifyPhoneCode(
  api: ApiClient,
  phone: string,
  code: string,
  slug?: string,
): Promise<PhoneVerifyAnswer> {
  return api.request('/auth/phone/verify', PhoneVerifyResponse, {
    method: 'POST',
    body: slug ? { code, phone_number: phone, slug } : { code, phone_number: phone },
  });
}

/** GET /api/auth/opt-in?slug= (signed in): whether the user agreed to texts from the clone. */
export async function fetchOptIn(api: ApiClient, slug: string): Promise<boolean> {
  const answer = await api.request(`/auth/opt-in?slug=${encodeURIComponent(slug)}`, OptInStatus);
  return answer.opt_in;
}

/** POST /api/logout: revokes the session and clears the cookie. */
export async function logout(api: ApiClient): Promise<void> {
  await api.request('/logout', LogoutResponse, { method: 'POST' });
}

/** The browser's IANA time zone, or null when it cannot tell. */
export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** @module The full site's session cookie (DESIGN §4): HttpOnly, SameSite=Lax, Secure over https, 30 days. */
import { SESSION_COOKIE, SESSION_TTL_MS } from '@doppel/protocol';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';

/** Cookies are Secure when the site is served over https. */
export const secureCookies = (publicUrl: string) => publicUrl.startsWith('https:');

export function setSessionCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Lax', secure, path: '/' });
}

/**
 * @module Google sign-in (spec/chat.md §2, §8; DESIGN §2), in a window the sign-in dialog opens:
 * GET /api/auth/google/start sends it to the provider with a new state, nonce and PKCE verifier
 * kept in a signed, HttpOnly cookie of that window; GET /api/auth/google/callback checks them
 * (openid-client), signs the verified address in like an e-mail code does, and answers a page
 * that posts the result to the window that opened it — on this origin only, so a page elsewhere
 * that opened the flow learns nothing — and closes. The full site also gets its session cookie;
 * the embed iframe keeps the posted bearer token.
 */
import {
  GOOGLE_SIGN_IN_FAILED,
  GOOGLE_SIGN_IN_MESSAGE,
  type GoogleSignInResult,
  SESSION_TTL_MS,
} from '@doppel/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { z } from 'zod';
import { randomToken } from '../auth/crypto';
import { checkEmail } from '../auth/email-rules';
import { secureCookies, setSessionCookie } from '../auth/session-cookie';
import type { AppDeps } from '../deps';
import { describeError } from '../logger';
import { toUser } from '../mappers/user';
import type { AppEnv } from '../middleware/identity';
import { createSession } from '../store/sessions';
import { upsertUserByEmail } from '../store/users';

/** The flow's cookie: only the callback reads it, and only for ten minutes. */
const FLOW_COOKIE = 'doppel_google_flow';
const FLOW_PATH = '/api/auth/google';
const FLOW_TTL_S = 600;

const Flow = z.object({ state: z.string().min(1), nonce: z.string().min(1), verifier: z.string().min(43) });

export function googleSignInRoutes(deps: AppDeps) {
  const { db, config, clock, logger, google } = deps;
  const secure = secureCookies(config.publicUrl);
  const redirectUri = `${config.publicUrl}${FLOW_PATH}/callback`;

  const fail = (c: Context, error: string = GOOGLE_SIGN_IN_FAILED) =>
    resultPage(c, { type: GOOGLE_SIGN_IN_MESSAGE, ok: false, error }, 400);

  return new Hono<AppEnv>()
    .get('/auth/google/start', async (c) => {
      if (!google) return resultPage(c, { type: GOOGLE_SIGN_IN_MESSAGE, ok: false, error: NOT_OFFERED }, 404);
      let started: Awaited<ReturnType<typeof google.start>>;
      try {
        started = await google.start(redirectUri);
      } catch (error) {
        logger.warn(`Google sign-in: the provider's discovery failed (${describeError(error)})`);
        return resultPage(c, { type: GOOGLE_SIGN_IN_MESSAGE, ok: false, error: GOOGLE_SIGN_IN_FAILED }, 502);
      }
      await setSignedCookie(c, FLOW_COOKIE, JSON.stringify(started.flow), await deps.authSecret(), {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET, which carries it.
        sameSite: 'Lax',
        secure,
        path: FLOW_PATH,
        maxAge: FLOW_TTL_S,
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(started.url.href, 302);
    })
    .get('/auth/google/callback', async (c) => {
      if (!google) return resultPage(c, { type: GOOGLE_SIGN_IN_MESSAGE, ok: false, error: NOT_OFFERED }, 404);
      const kept = await getSignedCookie(c, await deps.authSecret(), FLOW_COOKIE);
      // Used once: a reload or a replayed callback address finds no flow.
      deleteCookie(c, FLOW_COOKIE, { path: FLOW_PATH, secure, httpOnly: true, sameSite: 'Lax' });
      const flow = typeof kept === 'string' ? Flow.safeParse(safeJson(kept)) : null;
      if (!flow?.success) return fail(c);
      // The address the provider redirected to, as the visitor's browser saw it (PUBLIC_URL).
      const callbackUrl = new URL(`${redirectUri}${new URL(c.req.url).search}`);
      let person: Awaited<ReturnType<typeof google.finish>>;
      try {
        person = await google.finish(callbackUrl, flow.data);
      } catch (error) {
        // A refused consent, a wrong state or nonce, a code used twice, a provider that is down.
        logger.info(`Google sign-in refused: ${describeError(error)}`);
        return fail(c);
      }
      if (!person) return fail(c);
      const check = await checkEmail(db, config.auth, person.email);
      if (!check.ok) return fail(c, check.error);
      const now = clock.now();
      const token = randomToken(32);
      const user = await db.transaction(async (tx) => {
        const signedIn = await upsertUserByEmail(tx, check.email);
        await createSession(tx, {
          token,
          userId: signedIn.id,
          now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        });
        return signedIn;
      });
      setSessionCookie(c, token, secure);
      return resultPage(c, { type: GOOGLE_SIGN_IN_MESSAGE, ok: true, token, user: toUser(user) }, 200);
    });
}

const NOT_OFFERED = 'Google sign-in is not set up on this site.';

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The page the sign-in window ends on: it posts `result` to its opener on this origin and closes;
 * opened some other way, it says what happened. The session token is in it, so nothing caches it,
 * no page frames it and no referrer carries the callback's code away.
 */
function resultPage(c: Context, result: GoogleSignInResult, status: 200 | 400 | 404 | 502) {
  const nonce = randomToken(16);
  // In a JSON script element: `<` escaped, so no text of the result can end the element.
  const data = JSON.stringify(result).replaceAll('<', '\\u003c');
  const text = result.ok ? `Signed in as ${result.user.email}. You can close this window.` : result.error;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${result.ok ? 'Signed in' : 'Sign-in failed'}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;box-sizing:border-box;color:#18181b}</style>
</head><body><p role="status">${escapeHtml(text)}</p>
<script type="application/json" id="result">${data}</script>
<script nonce="${nonce}">
const result = JSON.parse(document.getElementById('result').textContent);
if (window.opener) {
  window.opener.postMessage(result, window.location.origin);
  window.close();
}
</script></body></html>`;
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
  );
  return c.html(html, status);
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

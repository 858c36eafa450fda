/**
 * @module Cookie-authenticated writes come from the site itself (issue 7 §5). A browser attaches
 * the session and visitor cookies to a request from any page of the same site (a sibling
 * origin too), so a write that carries them must show it was made by one of our own pages:
 * `Sec-Fetch-Site` same-origin (or none: typed by the user), or, from browsers without
 * fetch metadata, an `Origin` that is the server's own. Requests without our cookies (the
 * embed's header identity, API clients, provider webhooks) are not riding on anyone's
 * ambient authority and pass.
 */
import { SESSION_COOKIE, VISITOR_COOKIE } from '@doppel/protocol';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { apiError } from '../../http/api-error';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function carriesOurCookies(c: Context): boolean {
  return getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, VISITOR_COOKIE) !== undefined;
}

/** True when `origin` is the site's own: its public URL's origin, or the host the request came to. */
function isOwnOrigin(c: Context, origin: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === c.req.header('host');
  } catch {
    return false;
  }
}

export const sameOriginWrites = (options: { publicUrl: string }) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !carriesOurCookies(c)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none') return apiError(c, 403, CROSS_SITE_REFUSED);
      return next();
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(c, origin, options.publicUrl)) {
      return apiError(c, 403, CROSS_SITE_REFUSED);
    }
    return next();
  });

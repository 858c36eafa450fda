/**
 * @module Security headers: `nosniff` on every answer; on HTML also a referrer policy that
 * keeps conversation paths from leaking to cited sites. No X-Frame-Options: the app is
 * meant to be framed by creators' sites (embeds restrict ancestors per clone instead).
 */
import { createMiddleware } from 'hono/factory';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export const securityHeaders = () =>
  createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (headers.get('Content-Type')?.startsWith('text/html')) headers.set('Referrer-Policy', REFERRER_POLICY);
  });

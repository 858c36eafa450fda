/**
 * @module Security headers: `nosniff` on every answer; on HTML also a referrer policy that
 * keeps conversation paths from leaking to cited sites, and — unless the route set its own
 * Content-Security-Policy, as the embed pages do (`frame-ancestors` per embed configuration) —
 * `frame-ancestors 'self'` with `X-Frame-Options: SAMEORIGIN` (older browsers), so other sites
 * cannot frame the full site.
 */
import { createMiddleware } from 'hono/factory';
import { SELF_ANCESTOR } from '../../embed/origins';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export const securityHeaders = () =>
  createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.get('Content-Type')?.startsWith('text/html')) return;
    headers.set('Referrer-Policy', REFERRER_POLICY);
    if (!headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', SELF_ANCESTOR);
      headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
  });

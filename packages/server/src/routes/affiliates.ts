/**
 * @module Affiliate redirects (spec/chat.md §7; issue 10 §9): `GET /api/affiliate/:slug` to the
 * clone's own affiliate link (clone.json `affiliateUrl`), and
 * `GET /api/affiliate/product/:messageId?to={base64 url}` to a product link the message really
 * carries (its `messageAffiliates`) — never anywhere else: this is no open redirect.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import type { AppEnv } from '../middleware/identity';

export const NO_AFFILIATE_LINK = 'No affiliate link';
export const UNKNOWN_PRODUCT_LINK = 'This product link is not on that message';

const Links = z.array(z.object({ url: z.string() }));

/** The `to` parameter: base64 (or base64url) of an http(s) address; null when it is not one. */
function decodeTarget(to: string | undefined): string | null {
  if (!to || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(to)) return null;
  const url = Buffer.from(to, 'base64').toString('utf8');
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

export function affiliateRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/affiliate/product/:messageId', async (c) => {
      const messageId = c.req.param('messageId');
      const target = decodeTarget(c.req.query('to'));
      if (!target) return apiError(c, 400, 'to: Expected the base64 of an http(s) address');
      const rows = isUuid(messageId)
        ? await db.query<{ affiliates: unknown }>(
            `SELECT affiliates FROM messages WHERE id = $1 AND sender = 'CLONE'`,
            [messageId],
          )
        : [];
      const links = rows[0] ? Links.parse(rows[0].affiliates) : [];
      if (!links.some((link) => link.url === target)) return apiError(c, 404, UNKNOWN_PRODUCT_LINK);
      c.header('Cache-Control', 'no-store');
      return c.redirect(target, 302);
    })
    .get('/affiliate/:slug', async (c) => {
      const rows = await db.query<{ affiliate_url: string | null }>(
        'SELECT affiliate_url FROM clones WHERE slug = $1',
        [c.req.param('slug')],
      );
      const url = rows[0]?.affiliate_url;
      if (!url) return apiError(c, 404, NO_AFFILIATE_LINK);
      c.header('Cache-Control', 'no-store');
      return c.redirect(url, 302);
    });
}

/**
 * @module `GET /api/og?url=` (DESIGN §4; issue 10 §8): the preview image of a cited website, for
 * the citations sheet. 200 with the image (cached a day), 404 `No preview` when the page has none
 * or cannot be fetched — never from a private or loopback address (og/guarded-fetch.ts).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import type { AppEnv } from '../middleware/identity';
import { createOgPreviews } from '../og/og-preview';
import { takeSlot } from '../store/rate-events';

export const NO_PREVIEW = 'No preview';
export const TOO_MANY_PREVIEWS = 'Too many previews asked for. Try again later.';
const HOUR_MS = 60 * 60 * 1000;
const MAX_URL = 2_048;

export function ogRoutes({ db, config, clock }: AppDeps) {
  const previews = createOgPreviews({ allowedHosts: config.ogAllowedHosts });
  return new Hono<AppEnv>().get('/og', async (c) => {
    const address = c.req.query('url') ?? '';
    let url: URL | null = null;
    try {
      url = address.length <= MAX_URL ? new URL(address) : null;
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return apiError(c, 400, 'url: Expected an http(s) address');
    }
    // Each client may make the server fetch so many pages an hour; what is cached costs nothing.
    if (!previews.cached(url.toString())) {
      const allowed = await takeSlot(db, {
        bucket: 'og',
        key: clientIp(c, config.auth),
        limit: config.ogPerIpPerHour,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      if (!allowed) return apiError(c, 429, TOO_MANY_PREVIEWS);
    }
    const image = await previews.imageFor(url.toString());
    if (!image) return apiError(c, 404, NO_PREVIEW);
    return c.body(new Uint8Array(image.body), 200, {
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
  });
}

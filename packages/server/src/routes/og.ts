/**
 * @module `GET /api/og?url=` (DESIGN §4; issue 10 §8): the preview image of a cited website, for
 * the citations sheet. 200 with the image (cached a day), 404 `No preview` when the page has none
 * or cannot be fetched — never from a private or loopback address (og/guarded-fetch.ts).
 */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import type { AppEnv } from '../middleware/identity';
import { createOgPreviews } from '../og/og-preview';

export const NO_PREVIEW = 'No preview';
const MAX_URL = 2_048;

export function ogRoutes({ config }: AppDeps) {
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

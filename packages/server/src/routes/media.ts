/** @module Stored media (clone images): content-addressed, so cached forever. */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { findMedia } from '../store/media';

export const MEDIA_NOT_FOUND = 'Media not found';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function mediaRoutes({ db }: AppDeps) {
  return new Hono().get('/media/:id', async (c) => {
    const id = c.req.param('id');
    const media = isUuid(id) ? await findMedia(db, id) : null;
    if (!media) return apiError(c, 404, MEDIA_NOT_FOUND);
    const etag = `"${media.sha256}"`;
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    // A stored SVG is a document: never let it run script on our origin.
    if (media.content_type.includes('svg'))
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(new Uint8Array(media.bytes), 200, { ...headers, 'Content-Type': media.content_type });
  });
}

/**
 * @module Everything outside /api: the built app (SPA fallback to index.html) and the embed
 * loader. Hashed files under /assets/ are cached forever; index.html and embed.js are not,
 * so a new build reaches visitors and creators' sites at once. Text files are sent as the
 * builds compressed them (`FILE.br`, `FILE.gz` beside each: app precompress.ts, embed
 * build.mjs) when the browser accepts it, always with `Vary: Accept-Encoding`; a revalidation
 * whose `If-Modified-Since` is not older than the file answers 304.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RESERVED_SLUG_OWNERS } from '@doppel/protocol';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppDeps } from '../deps';
import { IMMUTABLE } from './media';

export const NO_CACHE = 'no-cache';
/** embed.js keeps one URL across releases: short cache, revalidated. */
export const EMBED_CACHE = 'public, max-age=300, must-revalidate';
/**
 * Besides /embed.js, what packages/embed/scripts/build.mjs builds for the browser: the iframe box
 * and host half of the bridge, fetched from beside embed.js on the first open.
 */
const EMBED_EXTRAS = ['/embed-frame.js'];

function cacheFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (path.endsWith('.html') || path.endsWith('/')) return NO_CACHE;
  return 'public, max-age=3600';
}

/** A path under a segment the server itself answers (/api, /assets, /embed) is never an app page. */
function serverOwned(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return Object.hasOwn(RESERVED_SLUG_OWNERS, first) && RESERVED_SLUG_OWNERS[first] === 'server';
}

/** A path with a file extension in its last segment names a file, not an app route. */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/** Whether a browser's copy, valid as of `ifModifiedSince`, is still the file last modified at `lastModified`. */
function notModified(lastModified: string | null, ifModifiedSince: string | undefined): boolean {
  if (!lastModified || !ifModifiedSince) return false;
  const file = Date.parse(lastModified);
  const copy = Date.parse(ifModifiedSince);
  return Number.isFinite(file) && Number.isFinite(copy) && file <= copy;
}

/**
 * serveStatic on `root` once the folder exists (a build may land after the server started),
 * with `cacheControl` of the URL path on every file it serves, the precompressed variant the
 * browser accepts, and 304 for a copy that is still current.
 */
function lazyStatic(root: string, cacheControl: (path: string) => string, path?: string): MiddlewareHandler {
  let handler: MiddlewareHandler | null = null;
  return async (c, next) => {
    if (!handler) {
      if (!existsSync(root)) return next();
      handler = serveStatic(path ? { path, precompressed: true } : { root, precompressed: true });
    }
    const res = await handler(c, next);
    if (!(res instanceof Response)) return res;
    const headers = res.headers;
    headers.set('Cache-Control', cacheControl(path ?? c.req.path));
    // Every answer for a file that has compressed variants varies by Accept-Encoding, the
    // uncompressed one too: a shared cache must not hand it to a browser that takes brotli.
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') && !headers.has('Vary')) {
      headers.set('Vary', 'Accept-Encoding');
    }
    if (res.status === 200 && notModified(headers.get('Last-Modified'), c.req.header('If-Modified-Since'))) {
      await res.body?.cancel();
      const kept = ['Cache-Control', 'Last-Modified', 'Vary'].flatMap((name) => {
        const value = headers.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      });
      return new Response(null, { status: 304, headers: kept });
    }
    return res;
  };
}

function appNotBuilt(c: Context): Response {
  return c.html(
    '<!doctype html><title>Doppel</title><p>The app has not been built yet: run <code>npm start</code>, or build ' +
      '<code>packages/app</code>.</p>',
    503,
  );
}

/**
 * `visitor` (the identity middleware) runs before index.html is served, so a browser holds its
 * visitor cookie before the app's first API call: parallel first calls then share one visitor.
 */
export function staticRoutes({ config }: AppDeps, visitor?: MiddlewareHandler) {
  const indexHtml = join(config.appDist, 'index.html');
  const embed = lazyStatic(config.embedDist, () => EMBED_CACHE);
  const files = lazyStatic(config.appDist, cacheFor);
  const index = lazyStatic(config.appDist, () => NO_CACHE, indexHtml);

  const app = new Hono().get('/embed.js', embed, (c) =>
    c.body('/* Doppel: embed.js has not been built yet (run npm start). */\n', 404, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': NO_CACHE,
    }),
  );
  for (const file of EMBED_EXTRAS) app.get(file, embed);
  const page: MiddlewareHandler = async (c, next) => {
    if (looksLikeFile(c.req.path) || serverOwned(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexHtml)) return appNotBuilt(c);
    return index(c, next);
  };
  return visitor ? app.get('*', files, visitor, page) : app.get('*', files, page);
}

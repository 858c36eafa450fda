/**
 * @module The chat inside an embed (DESIGN §5): GET /embed/:slug and /embed/:slug/:instance
 * (and the app's pages below them) serve the app's `embed.html`, or its `index.html` when the
 * app has no separate embed entry.
 *
 * Framing: `Content-Security-Policy: frame-ancestors` lists the sites allowed by both the
 * clone's own list (clone.json `embed.allowedOrigins`) and the embed configuration named by
 * `?config=` (embed/embed-allowlist.ts) — `*` (any site) when neither lists any, `'none'` when
 * the two share no site. A `?parent=` origin not allowed answers 403 with a short page; an
 * unknown clone, instance or config answers 404. The answers are never X-Frame-Options'd and
 * never cached. The error pages may be framed by anyone, so the visitor reads why there is no
 * chat instead of the browser's refusal; they carry no data and no actions.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EMBED_CONFIG_PARAM, EMBED_PARENT_PARAM } from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../deps';
import { allowlistFrameAncestors, embedAllowlist } from '../embed/embed-allowlist';
import { EMBED_CONFIG_ID } from '../embed/embed-config';
import { ANY_ANCESTOR, normaliseOrigin } from '../embed/origins';
import { findCloneBySlug, findInstance } from '../store/clones';
import { findEmbedConfig } from '../store/embed-configs';
import { NO_CACHE } from './static-files';

export const EMBED_NOT_ALLOWED = 'This site is not allowed to embed this clone.';
export const EMBED_CLONE_NOT_FOUND = 'This clone does not exist.';
export const EMBED_CONFIG_UNKNOWN = 'This embed configuration does not exist.';
export const EMBED_APP_NOT_BUILT = 'The app has not been built yet.';

/** Second segments that name a page of the app under the clone, never an instance (app routes.ts). */
const CLONE_PAGES = new Set(['talk', 'call', 'video', 'overview']);

/** A short page that says why there is no chat; framable by anyone, like the chat without a config. */
export function embedMessagePage(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.html(
    '<!doctype html><html lang="en"><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Doppel</title>' +
      '<style>body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;box-sizing:border-box;' +
      'font:16px/1.5 system-ui,sans-serif;color:#333;background:#fff;text-align:center}</style>' +
      `<p>${message}</p></html>`,
    status,
    { 'Content-Security-Policy': ANY_ANCESTOR, 'Cache-Control': NO_CACHE },
  );
}

export function embedPageRoutes({ db, config }: AppDeps) {
  const embedHtml = join(config.appDist, 'embed.html');
  const indexHtml = join(config.appDist, 'index.html');

  const page = async (c: Context, slug: string, second: string | undefined): Promise<Response> => {
    const clone = await findCloneBySlug(db, slug);
    if (!clone) return embedMessagePage(c, 404, EMBED_CLONE_NOT_FOUND);
    if (second !== undefined && !CLONE_PAGES.has(second)) {
      if (!(await findInstance(db, clone.id, second))) return embedMessagePage(c, 404, EMBED_CLONE_NOT_FOUND);
    }

    let configOrigins: readonly string[] = [];
    const configId = c.req.query(EMBED_CONFIG_PARAM);
    if (configId !== undefined && configId !== '') {
      const found = EMBED_CONFIG_ID.test(configId) ? await findEmbedConfig(db, configId) : null;
      // Another clone's config is as unknown here as a made-up one.
      if (!found || found.clone_id !== clone.id) return embedMessagePage(c, 404, EMBED_CONFIG_UNKNOWN);
      configOrigins = found.allowed_origins;
    }
    // The clone's own list binds every embed of it, with or without a configuration.
    const allowed = embedAllowlist(clone.embed_allowed_origins, configOrigins);
    const parent = c.req.query(EMBED_PARENT_PARAM);
    if (allowed !== null && parent !== undefined) {
      const origin = normaliseOrigin(parent);
      if (origin === null || !allowed.includes(origin)) return embedMessagePage(c, 403, EMBED_NOT_ALLOWED);
    }

    const file = existsSync(embedHtml) ? embedHtml : existsSync(indexHtml) ? indexHtml : null;
    if (!file) return embedMessagePage(c, 503, EMBED_APP_NOT_BUILT);
    return c.html(await readFile(file, 'utf8'), 200, {
      'Content-Security-Policy': allowlistFrameAncestors(allowed),
      'Cache-Control': NO_CACHE,
    });
  };

  return new Hono()
    .get('/embed/:slug', (c) => page(c, c.req.param('slug'), undefined))
    .get('/embed/:slug/:second{.+}', (c) => {
      const second = c.req.param('second').split('/')[0];
      return page(c, c.req.param('slug'), second === '' ? undefined : second);
    });
}

/**
 * @module The examples server: `examples/` on a second port, so the widget runs on a page of
 * another origin, as on a creator's real site (DESIGN §2). In HTML files `%DOPPEL_URL%`
 * becomes PUBLIC_URL, so a host page loads embed.js from wherever Doppel runs. It serves the
 * host pages and their builds only (example-file.ts): no folder listings, no dotfiles, nothing
 * a symlink leads to outside them — the folder also holds node_modules and sources. The pages
 * under `strict-csp/` come with the strict Content-Security-Policy a careful site sends
 * (STRICT_HOST_POLICY), to show and test that the embed needs nothing more.
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { getMimeType, mimes } from 'hono/utils/mime';
import { securityHeaders } from '../middleware/security-headers';
import { EXAMPLE_PATHS, findExampleFile } from './example-file';

/**
 * A strict host's policy, `%DOPPEL_URL%` standing for Doppel's origin: no inline script or style
 * at all ('unsafe-inline' nowhere), and only the site itself and Doppel for scripts, styles,
 * images, connections and frames (docs/embedding.md, "Content-Security-Policy on your site").
 */
export const STRICT_HOST_POLICY =
  "default-src 'none'; script-src 'self' %DOPPEL_URL%; style-src 'self' %DOPPEL_URL%; " +
  "img-src 'self' %DOPPEL_URL%; connect-src 'self' %DOPPEL_URL%; frame-src %DOPPEL_URL%; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** hono's table, and what it lacks: the cited podcast episode of the player's end-to-end test. */
const TYPES = { ...mimes, wav: 'audio/wav' };

/** URL paths (their start) served with a Content-Security-Policy, and the policy. */
const POLICIES: readonly [string, string][] = [['/strict-csp/', STRICT_HOST_POLICY]];

export interface ExamplesAppOptions {
  examplesDir: string;
  publicUrl: string;
  /** What may be served, relative to `examplesDir` (default EXAMPLE_PATHS). */
  paths?: readonly string[];
}

export function createExamplesApp({
  examplesDir,
  publicUrl,
  paths = EXAMPLE_PATHS,
}: ExamplesAppOptions): Hono {
  const app = new Hono();
  const doppel = new URL(publicUrl).origin;
  app.use('*', securityHeaders());
  app.get('*', async (c) => {
    const found = await findExampleFile(examplesDir, c.req.path, paths);
    if (found.kind === 'folder') return c.redirect(found.location, 301);
    if (found.kind === 'none') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    const policy = POLICIES.find(([prefix]) => c.req.path.startsWith(prefix))?.[1];
    if (policy) c.header('Content-Security-Policy', policy.replaceAll('%DOPPEL_URL%', doppel));
    if (found.path.endsWith('.html')) {
      return c.html((await readFile(found.path, 'utf8')).replaceAll('%DOPPEL_URL%', publicUrl));
    }
    const body = await readFile(found.path);
    return c.body(body, 200, {
      'Content-Type': getMimeType(found.path, TYPES) ?? 'application/octet-stream',
    });
  });
  return app;
}

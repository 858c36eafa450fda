/**
 * @module The examples server: `examples/` on a second port, so the widget runs on a page of
 * another origin, as on a creator's real site (DESIGN §2). In HTML files `%DOPPEL_URL%`
 * becomes PUBLIC_URL, so a host page loads embed.js from wherever Doppel runs. It serves the
 * host pages and their builds only (example-file.ts): no folder listings, no dotfiles, nothing
 * a symlink leads to outside them — the folder also holds node_modules and sources.
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { securityHeaders } from '../middleware/security-headers';
import { EXAMPLE_PATHS, findExampleFile } from './example-file';

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
  app.use('*', securityHeaders());
  app.get('*', async (c) => {
    const found = await findExampleFile(examplesDir, c.req.path, paths);
    if (found.kind === 'folder') return c.redirect(found.location, 301);
    if (found.kind === 'none') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    if (found.path.endsWith('.html')) {
      return c.html((await readFile(found.path, 'utf8')).replaceAll('%DOPPEL_URL%', publicUrl));
    }
    const body = await readFile(found.path);
    return c.body(body, 200, { 'Content-Type': getMimeType(found.path) ?? 'application/octet-stream' });
  });
  return app;
}

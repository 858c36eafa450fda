/**
 * @module The examples server: `examples/` on a second port, so the widget runs on a page of
 * another origin, as on a creator's real site (DESIGN §2). In HTML files `%DOPPEL_URL%`
 * becomes PUBLIC_URL, so a host page loads embed.js from wherever Doppel runs.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { securityHeaders } from '../middleware/security-headers';

export interface ExamplesAppOptions {
  examplesDir: string;
  publicUrl: string;
}

export function createExamplesApp({ examplesDir, publicUrl }: ExamplesAppOptions): Hono {
  const root = normalize(examplesDir);
  const app = new Hono();
  app.use('*', securityHeaders());
  app.get('*', async (c, next) => {
    const path = safeJoin(root, c.req.path);
    if (path === null) return c.text('Not found', 404);
    if (path !== root && !path.startsWith(root + sep)) return c.text('Not found', 404);
    const isDir = existsSync(path) && statSync(path).isDirectory();
    // A folder without its slash would resolve the page's relative links against the parent.
    if (isDir && !c.req.path.endsWith('/')) return c.redirect(`${c.req.path}/`, 301);
    const file = isDir ? join(path, 'index.html') : path;
    if (!file.endsWith('.html') || !existsSync(file)) return next();
    const html = (await readFile(file, 'utf8')).replaceAll('%DOPPEL_URL%', publicUrl);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  app.get('*', serveStatic({ root }));
  return app;
}

/** `root` + the URL path, or null when the path is malformed. */
function safeJoin(root: string, urlPath: string): string | null {
  try {
    return normalize(join(root, decodeURIComponent(urlPath)));
  } catch {
    return null;
  }
}

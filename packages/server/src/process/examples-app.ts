/**
 * @module The examples server: `examples/` on a second port, so the widget runs on a page of
 * another origin, as on a creator's real site (DESIGN §2). In HTML files `%DOPPEL_URL%`
 * becomes PUBLIC_URL, so a host page loads embed.js from wherever Doppel runs.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
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
    if (isDir && !existsSync(file)) return c.html(await listing(path, c.req.path));
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A folder without index.html: its host pages and sub-folders, as links. */
async function listing(dir: string, urlPath: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  const links = entries
    .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || e.name.endsWith('.html')))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort()
    .map((name) => `<li><a href="${encodeURI(name)}">${escapeHtml(name)}</a></li>`);
  return `<!doctype html><meta charset="utf-8"><title>Doppel examples</title><h1>Example host pages in ${escapeHtml(urlPath)}</h1><ul>${links.join('')}</ul>`;
}

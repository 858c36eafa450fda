import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { testApp } from '../../test/support/harness';
import { isPublicAddress } from '../og/guarded-fetch';
import { ogImageAddress } from '../og/og-preview';

/** 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: Server;
let base: string;
let hits = 0;
/** The route reads no table; the app around it needs a database (sessions, visitors). */
let db: Db;

beforeAll(async () => {
  db = await (testDatabases()[0] as { open: () => Promise<Db> }).open();
  server = createServer((req, res) => {
    hits += 1;
    const page = (head: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head>${head}</head><body>Hello</body></html>`);
    };
    switch (req.url) {
      case '/post':
        return page('<meta property="og:image" content="/cover.png"><title>Post</title>');
      case '/twitter':
        return page(`<meta name='twitter:image' content='${base}/cover.png'>`);
      case '/none':
        return page('<title>No image</title>');
      case '/cover.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(PNG);
      case '/to-private':
        res.writeHead(302, { location: 'http://10.0.0.1/cover.png' });
        return res.end();
      case '/svg':
        return page('<meta property="og:image" content="/script.svg">');
      case '/script.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<html>${'x'.repeat(600 * 1024)}</html>`);
      case '/slow':
        return; // never answers
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await db.close();
});

const allowedApp = () =>
  testApp(db, scriptedBrain([]), { ogAllowedHosts: [`127.0.0.1:${new URL(base).port}`] });
const og = (app: ReturnType<typeof testApp>, url: string) =>
  app.request(`/api/og?url=${encodeURIComponent(url)}`);
const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

describe('GET /api/og', () => {
  it('answers the page’s og:image (or twitter:image), an image the browser may show, cached', async () => {
    const app = allowedApp();
    for (const path of ['/post', '/twitter']) {
      const res = await og(app, `${base}${path}`);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'image/png']);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    }
    const before = hits;
    expect((await og(app, `${base}/post`)).status).toBe(200);
    expect(hits).toBe(before);
  });

  it('refuses loopback and private addresses unless OG_ALLOWED_HOSTS names them, after redirects too', async () => {
    const guarded = testApp(db, scriptedBrain([]));
    const before = hits;
    const res = await og(guarded, `${base}/post`);
    expect([res.status, await errorOf(res)]).toEqual([404, 'No preview']);
    expect(hits).toBe(before);
    for (const url of ['http://localhost:9/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data']) {
      expect((await og(guarded, url)).status, url).toBe(404);
    }
    // Allowed for the page, not for where it redirects.
    expect((await og(allowedApp(), `${base}/to-private`)).status).toBe(404);
  });

  it('answers 404 for no image, an image type a page could script (SVG), a page too large or too slow', async () => {
    const app = allowedApp();
    for (const path of ['/none', '/svg', '/huge', '/missing']) {
      const res = await og(app, `${base}${path}`);
      expect([path, res.status, await errorOf(res)]).toEqual([path, 404, 'No preview']);
    }
    const started = Date.now();
    expect((await og(app, `${base}/slow`)).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);

  it('limits the pages one client has fetched per hour: 429; cached previews do not count', async () => {
    // A database of its own: the other tests' fetches count against the same client address.
    const own = await (testDatabases()[0] as { open: () => Promise<Db> }).open();
    const app = testApp(own, scriptedBrain([]), {
      ogAllowedHosts: [`127.0.0.1:${new URL(base).port}`],
      ogPerIpPerHour: 2,
    });
    expect((await og(app, `${base}/post`)).status).toBe(200);
    expect((await og(app, `${base}/none`)).status).toBe(404);
    // Both known now: asked again, they cost nothing.
    expect((await og(app, `${base}/post`)).status).toBe(200);
    expect((await og(app, `${base}/none`)).status).toBe(404);
    const before = hits;
    const refused = await og(app, `${base}/twitter`);
    expect([refused.status, await errorOf(refused)]).toEqual([
      429,
      'Too many previews asked for. Try again later.',
    ]);
    expect(hits).toBe(before);
  });

  it('answers 400 for what is not an http(s) address', async () => {
    const app = allowedApp();
    for (const url of [
      '',
      'not a url',
      'file:///etc/passwd',
      'javascript:alert(1)',
      `https://a.example/${'x'.repeat(2100)}`,
    ]) {
      const res = await og(app, url);
      expect([url.slice(0, 20), res.status, await errorOf(res)]).toEqual([
        url.slice(0, 20),
        400,
        'url: Expected an http(s) address',
      ]);
    }
  });
});

describe('isPublicAddress', () => {
  it('refuses this machine, private networks, link-local and their IPv6 forms', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });
});

describe('ogImageAddress', () => {
  it('reads og:image in either attribute order and resolves it against the page', () => {
    expect(ogImageAddress('<meta content="/a.png" property="og:image">', 'https://s.example/p/q')).toBe(
      'https://s.example/a.png',
    );
    expect(
      ogImageAddress(
        '<meta property="og:image:url" content="https://cdn.example/b.jpg?x=1&amp;y=2">',
        'https://s.example/',
      ),
    ).toBe('https://cdn.example/b.jpg?x=1&y=2');
    expect(ogImageAddress('<meta name="description" content="x">', 'https://s.example/')).toBeNull();
  });
});

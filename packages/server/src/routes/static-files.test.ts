import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ApiError } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { fakeAppDist, TEST_AUTH_SECRET, testApp, testConfig } from '../../test/support/harness';
import { stubDb } from '../../test/support/stub-db';

const appDist = fakeAppDist();
const noEmbed = join(tmpdir(), 'doppel-no-embed-here');
/** The visitor cookie on index.html is signed with the configured secret: no database read. */
const auth = { ...testConfig().auth, secret: TEST_AUTH_SECRET };
const app = testApp(stubDb, scriptedBrain([]), { appDist, embedDist: noEmbed, auth });

describe('static files', () => {
  it('serves index.html for app routes, never cached, with security headers', async () => {
    for (const path of ['/', '/demo', '/demo/talk/conversation/4f0c5a4e-0000-4000-8000-000000000000']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Doppel app');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('hands out the visitor cookie with the page, not with assets', async () => {
    const page = await app.request('/demo');
    expect(page.headers.getSetCookie().some((c) => c.startsWith('doppel_visitor='))).toBe(true);
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.headers.getSetCookie()).toEqual([]);
  });

  it('caches hashed assets forever and other files for an hour', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 404 for missing files instead of the app', async () => {
    expect((await app.request('/assets/gone-123.js')).status).toBe(404);
    expect((await app.request('/robots.txt')).status).toBe(404);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/clones'],
      ['GET', '/api'],
    ] as const) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(404);
      expect(ApiError.parse(await res.json()).error).toBe('Not found');
    }
  });

  it('answers /embed.js with a JS comment until the embed is built, then the file', async () => {
    const missing = await app.request('/embed.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await missing.text()).toMatch(/^\/\* Doppel: embed\.js has not been built/);

    const embedDist = mkdtempSync(join(tmpdir(), 'doppel-embed-'));
    writeFileSync(join(embedDist, 'embed.js'), 'window.Doppel = {};');
    const built = testApp(stubDb, scriptedBrain([]), { appDist, embedDist });
    const res = await built.request('/embed.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('window.Doppel = {};');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
  });

  it('explains that the app is not built when there is no dist', async () => {
    const bare = testApp(stubDb, scriptedBrain([]), { auth, appDist: noEmbed, embedDist: noEmbed });
    const res = await bare.request('/demo');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm start');
  });

  describe('compression and caching', () => {
    /** A built app and embed whose text files have their .br and .gz beside them, as the builds write them. */
    const dist = fakeAppDist();
    const embedDist = mkdtempSync(join(tmpdir(), 'doppel-embed-'));
    const loader = `window.Doppel = ${JSON.stringify('x'.repeat(2000))};`;
    const asset = `console.log(${JSON.stringify('app '.repeat(500))});`;
    const html = `<!doctype html><title>Doppel app</title><div id="root">${'<p>app</p>'.repeat(100)}</div>`;
    for (const [file, text] of [
      [join(embedDist, 'embed.js'), loader],
      [join(dist, 'assets', 'index-abc123.js'), asset],
      [join(dist, 'index.html'), html],
    ] as const) {
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text));
      writeFileSync(`${file}.gz`, gzipSync(text));
    }
    const built = testApp(stubDb, scriptedBrain([]), { appDist: dist, embedDist, auth });
    const get = (path: string, headers: Record<string, string> = {}) => built.request(path, { headers });
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

    it('sends brotli to a browser that takes it, gzip to one that takes only gzip, with Vary', async () => {
      for (const [path, text] of [
        ['/embed.js', loader],
        ['/assets/index-abc123.js', asset],
        ['/demo', html],
      ] as const) {
        const br = await get(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
        expect(br.status).toBe(200);
        expect(br.headers.get('content-encoding')).toBe('br');
        expect(br.headers.get('vary')).toBe('Accept-Encoding');
        const brBody = await bytes(br);
        expect(brBody.length).toBeLessThan(Buffer.byteLength(text) / 2);
        expect(brotliDecompressSync(brBody).toString()).toBe(text);

        const gz = await get(path, { 'Accept-Encoding': 'gzip' });
        expect(gz.headers.get('content-encoding')).toBe('gzip');
        expect(gz.headers.get('vary')).toBe('Accept-Encoding');
        expect(gunzipSync(await bytes(gz)).toString()).toBe(text);
      }
    });

    it('sends the file as it is to a browser that takes no compression, still with Vary', async () => {
      const res = await get('/embed.js');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(await res.text()).toBe(loader);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    });

    it('caches hashed assets for a year, embed.js for five minutes, HTML not at all', async () => {
      const encoded = { 'Accept-Encoding': 'br' };
      expect((await get('/assets/index-abc123.js', encoded)).headers.get('cache-control')).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await get('/embed.js', encoded)).headers.get('cache-control')).toBe(
        'public, max-age=300, must-revalidate',
      );
      expect((await get('/demo', encoded)).headers.get('cache-control')).toBe('no-cache');
    });

    it('answers a revalidation with 304 while the file is unchanged, and the file once it changed', async () => {
      const first = await get('/embed.js', { 'Accept-Encoding': 'br' });
      const lastModified = first.headers.get('last-modified');
      expect(lastModified).toBeTruthy();
      const again = await get('/embed.js', { 'Accept-Encoding': 'br', 'If-Modified-Since': lastModified! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
      expect(again.headers.get('vary')).toBe('Accept-Encoding');

      // A new build: the browser's copy is older than the file.
      const later = new Date(Date.parse(lastModified!) + 60_000);
      utimesSync(join(embedDist, 'embed.js.br'), later, later);
      const changed = await get('/embed.js', { 'Accept-Encoding': 'br', 'If-Modified-Since': lastModified! });
      expect(changed.status).toBe(200);
      expect(brotliDecompressSync(await bytes(changed)).toString()).toBe(loader);
    });

    it('gzips JSON answers of the API for a browser that takes it', async () => {
      const res = await get('/api/nothing', { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(ApiError.parse(JSON.parse(gunzipSync(await bytes(res)).toString())).error).toBe('Not found');
    });
  });
});

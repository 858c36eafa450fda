import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});

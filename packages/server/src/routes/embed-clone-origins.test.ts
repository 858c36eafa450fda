/**
 * A clone-level allowlist (clone.json `embed.allowedOrigins`, issue 7 §5): every embed of the
 * clone — with or without an embed configuration — is framed only by the listed sites, and a
 * configuration's own list is narrowed by it (both must allow a site).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { fakeAppDist, testApp } from '../../test/support/harness';
import { findCloneBySlug } from '../store/clones';
import { insertEmbedConfig } from '../store/embed-configs';
import { EMBED_NOT_ALLOWED } from './embed-page';

const SITE = 'https://site.example';
const SHOP = 'http://127.0.0.1:3101';
const ELSEWHERE = 'https://elsewhere.example';

/** A clone folder `slug` whose clone.json has `embed` (when given). */
function cloneFolder(slug: string, embed?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-fenced-'));
  mkdirSync(join(dir, 'knowledge'));
  writeFileSync(
    join(dir, 'clone.json'),
    JSON.stringify({ slug, name: 'Fenced', ...(embed ? { embed } : {}) }),
  );
  writeFileSync(join(dir, 'knowledge', 'bees.md'), '# Bees\n\nBees cluster in winter.');
  return dir;
}

const csp = (res: Response) => res.headers.get('content-security-policy');
const parent = (origin: string) => `parent=${encodeURIComponent(origin)}`;

describe.each(testDatabases())('a clone-level embed allowlist on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  beforeAll(async () => {
    db = await open();
    await importClone(db, cloneFolder('fenced', { allowedOrigins: [SITE, `${SHOP}/`] }));
    const fenced = await findCloneBySlug(db, 'fenced');
    if (!fenced) throw new Error('fenced was not imported');
    const none = { instanceId: null, whitelabel: {}, mode: {}, colours: {} };
    await insertEmbedConfig(db, { id: 'fenced-any', cloneId: fenced.id, allowedOrigins: [], ...none });
    await insertEmbedConfig(db, {
      id: 'fenced-mixed',
      cloneId: fenced.id,
      allowedOrigins: [SITE, ELSEWHERE],
      ...none,
    });
    await insertEmbedConfig(db, {
      id: 'fenced-outside',
      cloneId: fenced.id,
      allowedOrigins: [ELSEWHERE],
      ...none,
    });
    app = testApp(db, scriptedBrain([]), { appDist: fakeAppDist() });
  });
  afterAll(() => db.close());

  it('applies without an embed configuration: frame-ancestors lists the clone’s sites', async () => {
    for (const path of ['/embed/fenced', `/embed/fenced?${parent(SITE)}`, `/embed/fenced?${parent(SHOP)}`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(csp(res), path).toBe(`frame-ancestors ${SITE} ${SHOP}`);
    }
  });

  it('answers 403 to a parent the clone does not list, with or without a configuration', async () => {
    for (const path of [
      `/embed/fenced?${parent(ELSEWHERE)}`,
      `/embed/fenced?config=fenced-any&${parent(ELSEWHERE)}`,
      `/embed/fenced?config=fenced-mixed&${parent(ELSEWHERE)}`,
      `/embed/fenced?${parent('nonsense')}`,
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).toContain(EMBED_NOT_ALLOWED);
    }
  });

  it('narrows a configuration to the sites both allow', async () => {
    const any = await app.request(`/embed/fenced?config=fenced-any&${parent(SHOP)}`);
    expect([any.status, csp(any)]).toEqual([200, `frame-ancestors ${SITE} ${SHOP}`]);
    const mixed = await app.request(`/embed/fenced?config=fenced-mixed&${parent(SITE)}`);
    expect([mixed.status, csp(mixed)]).toEqual([200, `frame-ancestors ${SITE}`]);
    // The clone allows SHOP, the configuration does not: refused too.
    const shop = await app.request(`/embed/fenced?config=fenced-mixed&${parent(SHOP)}`);
    expect(shop.status).toBe(403);
  });

  it('frames nowhere when the two lists share no site', async () => {
    const res = await app.request('/embed/fenced?config=fenced-outside');
    expect([res.status, csp(res)]).toEqual([200, "frame-ancestors 'none'"]);
    const framed = await app.request(`/embed/fenced?config=fenced-outside&${parent(ELSEWHERE)}`);
    expect(framed.status).toBe(403);
  });

  it('goes away when clone.json drops it: any site again', async () => {
    await importClone(db, cloneFolder('open-later', { allowedOrigins: [SITE] }));
    expect(csp(await app.request('/embed/open-later'))).toBe(`frame-ancestors ${SITE}`);
    await importClone(db, cloneFolder('open-later'));
    const res = await app.request(`/embed/open-later?${parent(ELSEWHERE)}`);
    expect([res.status, csp(res)]).toEqual([200, 'frame-ancestors *']);
  });
});

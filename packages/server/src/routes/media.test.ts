import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { testApp } from '../../test/support/harness';
import { PIXEL, seedClone } from '../../test/support/seed';

describe.each(testDatabases())('media and health on $name', ({ name, open }) => {
  let db: Db;
  let app: Hono;
  let mediaId: string;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain([]));
    mediaId = (await seedClone(db)).mediaId;
  });
  afterAll(() => db.close());

  it('serves stored bytes with their type, cached as immutable', async () => {
    const res = await app.request(`/api/media/${mediaId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PIXEL);
    const etag = res.headers.get('etag') ?? '';
    const again = await app.request(`/api/media/${mediaId}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await app.request('/api/media/4f0c5a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.request('/api/media/..%2Fetc')).status).toBe(404);
  });

  it('reports health with the database kind', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ ok: true, database: name });
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, DetailError, MeResponse, OptInStatus } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import { JSON_REQUIRED } from '../middleware/json-body';
import { CROSS_SITE_REFUSED } from '../middleware/same-origin-writes';

let emails = 0;
const email = () => `csrf${++emails}.${Date.now()}@example.com`;

// Issue 7 §5: JSON routes took text/plain bodies, so a page on a sibling origin could make a
// signed-in visitor opt in to texts without a CORS preflight.
describe.each(testDatabases())('writes from other sites on $name', ({ open }) => {
  let db: Db;
  let ips = 0;
  const signedIn = async () => {
    const app = createApp({ db, brain: scriptedBrain([]), config: testConfig(), logger: silentLogger });
    const client = new TestClient(app, { ip: `10.7.0.${++ips % 250}` });
    const { token } = await signIn(client, db, email());
    return { app, client, token };
  };
  const optIn = async (client: TestClient) =>
    OptInStatus.parse(await (await client.get('/api/auth/opt-in?slug=ada')).json()).opt_in;
  const detailOf = async (res: Response) => DetailError.parse(await res.json()).detail;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('answers 415 to a text/plain body holding JSON, and opts nobody in', async () => {
    const { client } = await signedIn();
    const res = await client.request('/api/auth/opt-in', {
      method: 'POST',
      json: { opt_in: true, slug: 'ada' },
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect([res.status, await detailOf(res)]).toEqual([415, JSON_REQUIRED]);
    expect(await optIn(client)).toBe(false);
  });

  it('refuses a cookie-carrying write from another site by fetch metadata, and writes nothing', async () => {
    const { client } = await signedIn();
    for (const site of ['same-site', 'cross-site']) {
      const res = await client.post(
        '/api/auth/opt-in',
        { opt_in: true, slug: 'ada' },
        { 'sec-fetch-site': site },
      );
      expect([res.status, await errorOf(res)]).toEqual([403, CROSS_SITE_REFUSED]);
    }
    expect(await optIn(client)).toBe(false);
    const own = await client.post(
      '/api/auth/opt-in',
      { opt_in: true, slug: 'ada' },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
    expect(await optIn(client)).toBe(true);
  });

  it('refuses a foreign Origin where fetch metadata is missing; the own origin passes', async () => {
    const { client } = await signedIn();
    for (const origin of ['https://evil.example', 'http://sub.localhost:3000', 'null']) {
      const res = await client.post('/api/auth/opt-in', { opt_in: true, slug: 'ada' }, { origin });
      expect(res.status).toBe(403);
    }
    expect(await optIn(client)).toBe(false);
    const own = await client.post(
      '/api/auth/opt-in',
      { opt_in: true, slug: 'ada' },
      { origin: 'http://localhost:3000' },
    );
    expect(own.status).toBe(200);
  });

  it('keeps a signed-in visitor signed in when another site posts to logout', async () => {
    const { client } = await signedIn();
    const res = await client.request('/api/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(MeResponse.parse(await (await client.get('/api/me')).json()).user).not.toBeNull();
  });

  it('lets a request without our cookies through: the embed’s bearer token on its own', async () => {
    const { app, token } = await signedIn();
    const embed = new TestClient(app, { cookies: false });
    const res = await embed.post(
      '/api/auth/opt-in',
      { opt_in: true, slug: 'ada' },
      { authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(200);
  });
});

import { testDatabases } from '@doppel/db/testing';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseSetCookie, TestClient } from '../../../test/support/client';
import { TEST_AUTH_SECRET } from '../../../test/support/harness';
import { stubDb } from '../../../test/support/stub-db';
import { cachedAuthSecret, loadAuthSecret } from '../../auth/auth-secret';
import { issueVisitorId, readVisitorId } from '../../auth/visitor-id';
import { systemClock } from '../../clock';
import { type AppEnv, identity, identityOf, VISITOR_MAX_AGE_S } from '.';

/** An app that answers the visitor id it sees. */
function probe(secure = false) {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    identity({
      db: stubDb,
      clock: systemClock,
      authSecret: async () => TEST_AUTH_SECRET,
      secureCookies: secure,
    }),
  );
  app.get('/who', (c) => {
    const who = identityOf(c);
    return c.json({ visitorId: who.visitorId, stateless: who.stateless });
  });
  return new Hono().route('/', app);
}

const visitorCookie = (client: TestClient) =>
  client.lastSetCookie.map(parseSetCookie).find((c) => c.name === 'doppel_visitor');

describe('visitor ids', () => {
  it('are issued on the first request: HttpOnly, SameSite=Lax cookie and X-Doppel-Visitor header', async () => {
    const client = new TestClient(probe());
    const res = await client.get('/who');
    const body = (await res.json()) as { visitorId: string; stateless: boolean };
    const cookie = visitorCookie(client);
    expect(cookie).toMatchObject({
      httponly: '',
      samesite: 'Lax',
      path: '/',
      'max-age': String(VISITOR_MAX_AGE_S),
    });
    expect(cookie).not.toHaveProperty('secure');
    expect(res.headers.get('x-doppel-visitor')).toBe(cookie?.value);
    expect(readVisitorId(TEST_AUTH_SECRET, cookie?.value)).toBe(body.visitorId);
    expect(body.stateless).toBe(true);
  });

  it('are kept: a request with a valid id gets no new one', async () => {
    const client = new TestClient(probe());
    const first = (await (await client.get('/who')).json()) as { visitorId: string };
    const second = await client.get('/who');
    expect(((await second.json()) as { visitorId: string }).visitorId).toBe(first.visitorId);
    expect(client.lastSetCookie).toEqual([]);
    expect(second.headers.get('x-doppel-visitor')).toBeNull();
  });

  it('are read from the X-Doppel-Visitor header (embeds)', async () => {
    const { id, token } = issueVisitorId(TEST_AUTH_SECRET);
    const embed = new TestClient(probe(), { cookies: false, headers: { 'X-Doppel-Visitor': token } });
    const body = (await (await embed.get('/who')).json()) as { visitorId: string; stateless: boolean };
    expect(body).toEqual({ visitorId: id, stateless: false });
    expect(embed.lastSetCookie).toEqual([]);
  });

  it('are unguessable: 256 random bits, all different', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const { id, token } = issueVisitorId(TEST_AUTH_SECRET);
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 43 base64url characters = 32 bytes
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(2_000);
    // Every base64url character appears: the ids use the whole alphabet, not a narrow range.
    const alphabet = new Set([...ids].join(''));
    expect(alphabet.size).toBe(64);
  });

  it('refuse made-up and altered ids: the caller gets a fresh visitor', async () => {
    const genuine = issueVisitorId(TEST_AUTH_SECRET);
    const other = issueVisitorId('another-secret-of-another-server-0123456789');
    const flipped = `${genuine.token.slice(0, -1)}${genuine.token.endsWith('A') ? 'B' : 'A'}`;
    const spoofs = [
      genuine.id, // the id without its signature
      `${genuine.id}.`,
      flipped,
      other.token, // signed with another secret
      `${'A'.repeat(43)}.${'A'.repeat(43)}`,
      'visitor-1',
    ];
    for (const spoof of spoofs) {
      const client = new TestClient(probe(), {
        headers: { cookie: `doppel_visitor=${spoof}` },
        cookies: false,
      });
      const body = (await (await client.get('/who')).json()) as { visitorId: string; stateless: boolean };
      expect(body.visitorId).not.toBe(genuine.id);
      expect(body.stateless).toBe(false);
      expect(visitorCookie(client)?.value).toMatch(/^[A-Za-z0-9_-]{43}\./);
      const header = new TestClient(probe(), { headers: { 'X-Doppel-Visitor': spoof }, cookies: false });
      expect(((await (await header.get('/who')).json()) as { visitorId: string }).visitorId).not.toBe(
        genuine.id,
      );
    }
  });

  it('are Secure cookies when the site is served over https', async () => {
    const client = new TestClient(probe(true));
    await client.get('/who');
    expect(visitorCookie(client)).toHaveProperty('secure');
  });
});

describe.each(testDatabases())('the auth secret on $name', ({ open }) => {
  it('is generated once and shared by every process of the database', async () => {
    const db = await open();
    try {
      const [a, b] = await Promise.all([loadAuthSecret(db, null), loadAuthSecret(db, null)]);
      expect(a).toBe(b);
      expect(a.length).toBeGreaterThanOrEqual(64);
      expect(await cachedAuthSecret(db, null)()).toBe(a);
      expect(await loadAuthSecret(db, 'configured-secret-configured-secret')).toBe(
        'configured-secret-configured-secret',
      );
    } finally {
      await db.close();
    }
  });
});

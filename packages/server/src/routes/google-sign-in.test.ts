import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  CloneProfile,
  EMAIL_BANNED,
  GOOGLE_SIGN_IN_FAILED,
  GoogleSignInResult,
  MeResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type LocalOpenId,
  startLocalOpenId,
} from '../../test/support/local-openid';
import { seedClone } from '../../test/support/seed';
import { loadConfig } from '../config';

let provider: LocalOpenId;
beforeAll(async () => {
  provider = await startLocalOpenId();
});
afterAll(() => provider.stop());

let people = 0;
const address = () => `google${++people}.${Date.now()}@example.com`;

/** The result the sign-in window's page posts to its opener. */
async function postedResult(res: Response): Promise<GoogleSignInResult> {
  const html = await res.text();
  const json = /<script type="application\/json" id="result">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error(`no result in the page: ${html.slice(0, 200)}`);
  return GoogleSignInResult.parse(JSON.parse(json));
}

describe.each(testDatabases())('Google sign-in on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  const usersCalled = async (email: string) =>
    Number((await db.query('SELECT count(*) AS n FROM users WHERE email = $1', [email]))[0]?.n);

  beforeAll(async () => {
    db = await open();
    // As the server reads it from the environment: the provider's config and what it offers.
    const { google, offered } = loadConfig({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
    });
    app = testApp(db, scriptedBrain([]), { google, offered });
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  /** The browser's trip: start, the provider (which signs in at once), back to the callback. */
  async function signInWithGoogle(
    browser: TestClient,
    tamper: (callback: URL) => void = () => undefined,
  ): Promise<{ res: Response; callback: string }> {
    const start = await browser.get('/api/auth/google/start');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(new URL(provider.issuer).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/auth/google/callback');
    tamper(callback);
    const path = `${callback.pathname}${callback.search}`;
    return { res: await browser.get(path), callback: path };
  }

  it('signs a verified address in: the session cookie, and the token posted to the opener', async () => {
    const email = address();
    provider.person = { email, email_verified: true, name: 'Grace' };
    const browser = new TestClient(app);
    const { res } = await signInWithGoogle(browser);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const result = await postedResult(res);
    if (!result.ok) throw new Error(result.error);
    expect(result.user.email).toBe(email);
    // The window's own browser is signed in (cookie) …
    const me = MeResponse.parse(await (await browser.get('/api/me')).json());
    expect(me.user?.email).toBe(email);
    // … and the posted token works as an embed's bearer token.
    const embed = new TestClient(app, { cookies: false });
    const bearer = MeResponse.parse(
      await (await embed.get('/api/me', { authorization: `Bearer ${result.token}` })).json(),
    );
    expect(bearer.user?.id).toBe(result.user.id);
  });

  it('signs the same address into the same account as its e-mail code would', async () => {
    const email = address();
    provider.person = { email, email_verified: true };
    const first = await postedResult((await signInWithGoogle(new TestClient(app))).res);
    const second = await postedResult((await signInWithGoogle(new TestClient(app))).res);
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    expect(second.user.id).toBe(first.user.id);
    expect(await usersCalled(email)).toBe(1);
  });

  it('refuses an address the provider does not vouch for, a banned one, and writes nobody', async () => {
    const unverified = address();
    provider.person = { email: unverified, email_verified: false };
    const res = (await signInWithGoogle(new TestClient(app))).res;
    expect(res.status).toBe(400);
    expect(await postedResult(res)).toEqual({
      type: 'doppel:google-sign-in',
      ok: false,
      error: GOOGLE_SIGN_IN_FAILED,
    });
    expect(await usersCalled(unverified)).toBe(0);

    const banned = address();
    await db.query('INSERT INTO users (email, banned) VALUES ($1, true)', [banned]);
    provider.person = { email: banned, email_verified: true };
    const refused = (await signInWithGoogle(new TestClient(app))).res;
    expect(await postedResult(refused)).toMatchObject({ ok: false, error: EMAIL_BANNED });
    expect(
      Number(
        (
          await db.query(
            'SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
            [banned],
          )
        )[0]?.n,
      ),
    ).toBe(0);
  });

  it('refuses a callback the browser did not start, a changed state, and a replayed one', async () => {
    const email = address();
    provider.person = { email, email_verified: true };
    // The code and state of one browser's flow, brought to another browser (login CSRF).
    const starter = new TestClient(app);
    const start = await starter.get('/api/auth/google/start');
    const back = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = new URL(back.headers.get('location') ?? '');
    const other = new TestClient(app);
    const stolen = await other.get(`${callback.pathname}${callback.search}`);
    expect(stolen.status).toBe(400);
    expect(await postedResult(stolen)).toMatchObject({ ok: false, error: GOOGLE_SIGN_IN_FAILED });
    expect(await usersCalled(email)).toBe(0);

    const changed = await signInWithGoogle(new TestClient(app), (url) =>
      url.searchParams.set('state', 'not-the-state'),
    );
    expect(changed.res.status).toBe(400);
    expect(await usersCalled(email)).toBe(0);

    // A real callback, then the same address again in the same browser: the flow is used up.
    const browser = new TestClient(app);
    const done = await signInWithGoogle(browser);
    expect(done.res.status).toBe(200);
    const again = await browser.get(done.callback);
    expect(again.status).toBe(400);
  });

  it('answers the failure page when the provider refuses the code or the client', async () => {
    const email = address();
    provider.person = { email, email_verified: true };
    const madeUp = (
      await signInWithGoogle(new TestClient(app), (url) => url.searchParams.set('code', 'made-up-code'))
    ).res;
    expect(madeUp.status).toBe(400);
    expect(await postedResult(madeUp)).toMatchObject({ ok: false, error: GOOGLE_SIGN_IN_FAILED });

    // A deployment with the wrong secret: the provider refuses it at the token endpoint.
    const { google, offered } = loadConfig({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'not-the-secret',
      GOOGLE_ISSUER: provider.issuer,
    });
    const misconfigured = testApp(db, scriptedBrain([]), { google, offered });
    const refusedBefore = provider.refused.filter((why) => why === 'client').length;
    const browser = new TestClient(misconfigured);
    const start = await browser.get('/api/auth/google/start');
    const back = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = new URL(back.headers.get('location') ?? '');
    const res = await browser.get(`${callback.pathname}${callback.search}`);
    expect(res.status).toBe(400);
    expect(provider.refused.filter((why) => why === 'client').length).toBe(refusedBefore + 1);
    expect(await usersCalled(email)).toBe(0);
  });

  it('offers Google sign-in in /api/me and the clone profile', async () => {
    const me = MeResponse.parse(await (await new TestClient(app).get('/api/me')).json());
    expect(me.googleSignIn).toBe(true);
    const profile = CloneProfile.parse(await (await new TestClient(app).get('/api/clones/ada')).json());
    expect(profile.features.googleSignIn).toBe(true);
  });
});

describe.each(testDatabases())('without a Google provider on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain([]));
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('hides the button and answers 404 on its routes, plainly', async () => {
    const me = MeResponse.parse(await (await new TestClient(app).get('/api/me')).json());
    expect(me.googleSignIn).toBe(false);
    const profile = CloneProfile.parse(await (await new TestClient(app).get('/api/clones/ada')).json());
    expect(profile.features.googleSignIn).toBe(false);
    const start = await new TestClient(app).get('/api/auth/google/start');
    expect(start.status).toBe(404);
    expect(await postedResult(start)).toMatchObject({
      ok: false,
      error: 'Google sign-in is not set up on this site.',
    });
  });
});

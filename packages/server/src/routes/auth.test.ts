import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  EMAIL_BANNED,
  INVALID_CODE,
  INVALID_EMAIL,
  LOGIN_REQUIRED,
  MeResponse,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  SESSION_TTL_MS,
  VERIFY_CODE_FAILED,
  VerifyEmailCodeResponse,
} from '@doppel/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { parseSetCookie, TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { latestCode, signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { TOO_MANY_CODES } from '../auth/one-time-codes';
import type { Config } from '../config';
import { silentLogger } from '../logger';
import { listOutbox } from '../store/outbox';
import { setBanned } from '../store/users';

const SEND = '/api/auth/email/send';
const VERIFY = '/api/auth/email/verify';
let counter = 0;
/** A fresh address per test, so the per-address limit of one test never touches another. */
const fresh = (domain = 'example.com') => `person${++counter}.${Date.now()}@${domain}`;

describe.each(testDatabases())('e-mail sign-in on $name', ({ open }) => {
  let db: Db;
  let clock: ManualClock;
  let ipCounter = 0;

  const makeApp = (overrides: Partial<Config> = {}) =>
    createApp({
      db,
      brain: scriptedBrain(['hi']),
      config: testConfig(overrides),
      logger: silentLogger,
      clock,
    });
  /** Each client its own address, so the per-IP limit stays out of the way unless tested. */
  const client = (overrides: Partial<Config> = {}) =>
    new TestClient(makeApp(overrides), { ip: `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
  });
  beforeEach(() => {
    clock = new ManualClock();
  });
  afterAll(() => db.close());

  describe('sending a code', () => {
    it('mails a six-digit code and answers only {ok: true}', async () => {
      const email = fresh();
      const res = await client().post(SEND, { email: `  ${email.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      const [mail] = await listOutbox(db, email, 5);
      expect(mail?.channel).toBe('email');
      expect(mail?.body).toMatch(/\b\d{6}\b/);
    });

    it('stores only a hash of the code', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      const rows = await db.query<{ code_hash: string }>(
        'SELECT code_hash FROM otp_codes WHERE subject = $1',
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code_hash).not.toContain(code);
      expect(rows[0]?.code_hash.length).toBeGreaterThanOrEqual(43);
    });

    it('answers the same whether or not the address has an account', async () => {
      const known = fresh();
      await signIn(client(), db, known);
      const a = await client().post(SEND, { email: known });
      const b = await client().post(SEND, { email: fresh() });
      expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
    });

    it('refuses what is not an e-mail address', async () => {
      for (const email of ['', 'nobody', 'a@b', '@example.com', 'x'.repeat(300)]) {
        const res = await client().post(SEND, { email });
        expect([res.status, await errorOf(res)]).toEqual([400, INVALID_EMAIL]);
      }
      const wrongType = await client().post(SEND, { email: 42 });
      expect([wrongType.status, await errorOf(wrongType)]).toEqual([400, INVALID_EMAIL]);
    });

    it('refuses subaddresses except on staff domains', async () => {
      const res = await client().post(SEND, { email: 'Sam+Tag@Example.com' });
      expect([res.status, await errorOf(res)]).toEqual([
        400,
        'Subaddresses (sam+tag@example.com) are not allowed',
      ]);
      const staff = await client({
        auth: { ...testConfig().auth, staffEmailDomains: ['doppel.test'] },
      }).post(SEND, { email: `ops+${counter}@doppel.test` });
      expect(staff.status).toBe(200);
    });

    it('refuses banned domains, banned addresses and banned accounts', async () => {
      const auth = {
        ...testConfig().auth,
        bannedEmailDomains: ['spam.test'],
        bannedEmails: ['eve@example.com'],
      };
      for (const email of ['x@spam.test', 'x@mail.spam.test', 'EVE@example.com']) {
        const res = await client({ auth }).post(SEND, { email });
        expect([res.status, await errorOf(res)]).toEqual([400, EMAIL_BANNED]);
      }
      const banned = fresh();
      await setBanned(db, banned, true);
      const res = await client().post(SEND, { email: banned });
      expect([res.status, await errorOf(res)]).toEqual([400, EMAIL_BANNED]);
      expect(await listOutbox(db, banned, 1)).toEqual([]);
    });

    it('limits codes per address per hour, across server processes', async () => {
      const email = fresh();
      const one = client();
      // Another process over the same database, reached by the same client.
      const other = new TestClient(makeApp(), { ip: one.options.ip });
      for (let i = 0; i < 5; i++)
        expect((await (i % 2 ? other : one).post(SEND, { email })).status).toBe(200);
      const sixth = await one.post(SEND, { email });
      expect([sixth.status, await errorOf(sixth)]).toEqual([429, TOO_MANY_CODES]);
      expect((await other.post(SEND, { email })).status).toBe(429);
      clock.advance(60 * 60 * 1000 + 1);
      expect((await one.post(SEND, { email })).status).toBe(200);
    });

    it('limits codes per IP address per hour', async () => {
      const app = makeApp({ auth: { ...testConfig().auth, otpSendsPerIpPerHour: 3 } });
      const sameIp = () => new TestClient(app, { ip: '203.0.113.9' });
      for (let i = 0; i < 3; i++) expect((await sameIp().post(SEND, { email: fresh() })).status).toBe(200);
      const res = await sameIp().post(SEND, { email: fresh() });
      expect([res.status, await errorOf(res)]).toEqual([429, TOO_MANY_CODES]);
      expect((await new TestClient(app, { ip: '203.0.113.10' }).post(SEND, { email: fresh() })).status).toBe(
        200,
      );
    });

    it('keeps the limit under concurrent sends', async () => {
      const email = fresh();
      const { ip } = client().options;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => new TestClient(makeApp(), { ip }).post(SEND, { email })),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });
  });

  describe('verifying a code', () => {
    it('signs in: token, user, and an HttpOnly Lax session cookie for 30 days', async () => {
      const email = fresh();
      const browser = client();
      await browser.post(SEND, { email });
      const code = await latestCode(db, email);
      const res = await browser.post(VERIFY, {
        email,
        code: `${code.slice(0, 3)}-${code.slice(3)}`,
        timezone: 'UTC',
      });
      expect(res.status).toBe(200);
      const body = VerifyEmailCodeResponse.parse(await res.json());
      expect(body.user).toMatchObject({ email, staff: false, phoneNumber: null });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = browser.lastSetCookie.map(parseSetCookie).find((c) => c.name === 'doppel_session');
      expect(cookie).toMatchObject({ value: body.token, httponly: '', samesite: 'Lax', path: '/' });
      expect(Number(cookie?.['max-age'])).toBe(SESSION_TTL_MS / 1000);
      expect(cookie).not.toHaveProperty('secure');
      const stored = await db.query<{ token_hash: string }>(
        'SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      );
      expect(stored[0]?.token_hash).not.toBe(body.token);
    });

    it('sets Secure on the cookie when the site is served over https', async () => {
      const email = fresh();
      const browser = client({ publicUrl: 'https://clones.example.com' });
      await browser.post(SEND, { email });
      await browser.post(VERIFY, { email, code: await latestCode(db, email) });
      const cookie = browser.lastSetCookie.map(parseSetCookie).find((c) => c.name === 'doppel_session');
      expect(cookie).toHaveProperty('secure');
    });

    it('creates the user once and finds them again', async () => {
      const email = fresh();
      const first = await signIn(client(), db, email);
      const second = await signIn(client(), db, email);
      expect(second.user.id).toBe(first.user.id);
      expect(second.token).not.toBe(first.token);
    });

    it("refuses a code that is not six digits: That doesn't look like a six-digit code.", async () => {
      for (const code of ['', '12345', '1234567', 'abcdef', '12 34 5']) {
        const res = await client().post(VERIFY, { email: fresh(), code });
        expect([res.status, await errorOf(res)]).toEqual([400, INVALID_CODE]);
      }
      const wrongType = await client().post(VERIFY, { email: fresh(), code: 123456 });
      expect([wrongType.status, await errorOf(wrongType)]).toEqual([400, INVALID_CODE]);
    });

    it('refuses a wrong code, and the right one after five wrong tries', async () => {
      const email = fresh();
      const browser = client();
      await browser.post(SEND, { email });
      const code = await latestCode(db, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
        const res = await browser.post(VERIFY, { email, code: wrong });
        expect([res.status, await errorOf(res)]).toEqual([400, VERIFY_CODE_FAILED]);
      }
      const right = await browser.post(VERIFY, { email, code });
      expect([right.status, await errorOf(right)]).toEqual([400, VERIFY_CODE_FAILED]);
    });

    it('accepts the right code after four wrong tries', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < OTP_MAX_ATTEMPTS - 1; i++) await client().post(VERIFY, { email, code: wrong });
      expect((await client().post(VERIFY, { email, code })).status).toBe(200);
    });

    it('refuses an expired code (10 minutes)', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      clock.advance(OTP_TTL_MS);
      const res = await client().post(VERIFY, { email, code });
      expect([res.status, await errorOf(res)]).toEqual([400, VERIFY_CODE_FAILED]);
    });

    it('accepts a code just before it expires', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      clock.advance(OTP_TTL_MS - 1);
      expect((await client().post(VERIFY, { email, code })).status).toBe(200);
    });

    it('refuses a code used once already', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      expect((await client().post(VERIFY, { email, code })).status).toBe(200);
      const again = await client().post(VERIFY, { email, code });
      expect([again.status, await errorOf(again)]).toEqual([400, VERIFY_CODE_FAILED]);
    });

    it('replaces the old code with a new one', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const old = await latestCode(db, email);
      let replacement = old;
      while (replacement === old) {
        await client().post(SEND, { email });
        replacement = await latestCode(db, email);
      }
      expect((await client().post(VERIFY, { email, code: old })).status).toBe(400);
      expect((await client().post(VERIFY, { email, code: replacement })).status).toBe(200);
    });

    it('refuses a code sent to another address', async () => {
      const a = fresh();
      const b = fresh();
      await client().post(SEND, { email: a });
      await client().post(SEND, { email: b });
      expect((await client().post(VERIFY, { email: b, code: await latestCode(db, a) })).status).toBe(400);
    });

    it('gives exactly one session to concurrent correct tries', async () => {
      const email = fresh();
      await client().post(SEND, { email });
      const code = await latestCode(db, email);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => client().post(VERIFY, { email, code })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 400)).toHaveLength(19);
      const sessions = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      );
      expect(sessions[0]?.n).toBe(1);
    });
  });

  describe('the session', () => {
    it('answers the user by cookie and by bearer token; nobody without', async () => {
      const browser = client();
      const { token, user } = await signIn(browser, db, fresh());
      const byCookie = MeResponse.parse(await (await browser.get('/api/me')).json());
      expect(byCookie.user?.id).toBe(user.id);
      const embed = new TestClient(browser.app, {
        cookies: false,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(MeResponse.parse(await (await embed.get('/api/me')).json()).user?.id).toBe(user.id);
      const stranger = MeResponse.parse(await (await client().get('/api/me')).json());
      expect(stranger).toEqual({ user: null, relationships: [], googleSignIn: false });
      const forged = new TestClient(browser.app, { headers: { authorization: 'Bearer not-a-session' } });
      expect(MeResponse.parse(await (await forged.get('/api/me')).json()).user).toBeNull();
    });

    it('refreshes an embed session by bearer token only', async () => {
      const browser = client();
      const { token, user } = await signIn(browser, db, fresh());
      const embed = new TestClient(browser.app, {
        cookies: false,
        headers: { authorization: `Bearer ${token}` },
      });
      const res = await embed.get('/api/embed/auth');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ user, token });
      const cookieOnly = await browser.get('/api/embed/auth');
      expect([cookieOnly.status, await errorOf(cookieOnly)]).toEqual([401, LOGIN_REQUIRED]);
    });

    it('signs out: the session is revoked and the cookie cleared', async () => {
      const browser = client();
      const { token } = await signIn(browser, db, fresh());
      const res = await browser.post('/api/logout');
      expect(await res.json()).toEqual({ ok: true });
      const cleared = browser.lastSetCookie.map(parseSetCookie).find((c) => c.name === 'doppel_session');
      expect(cleared?.['max-age']).toBe('0');
      expect(MeResponse.parse(await (await browser.get('/api/me')).json()).user).toBeNull();
      // The token itself no longer works anywhere (an embed that kept it, a stolen copy).
      const embed = new TestClient(browser.app, {
        cookies: false,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(MeResponse.parse(await (await embed.get('/api/me')).json()).user).toBeNull();
      expect((await embed.get('/api/embed/auth')).status).toBe(401);
    });

    it('signs an embed out by its bearer token', async () => {
      const { token } = await signIn(client(), db, fresh());
      const embed = new TestClient(client().app, {
        cookies: false,
        headers: { authorization: `Bearer ${token}` },
      });
      expect((await embed.post('/api/logout')).status).toBe(200);
      expect((await embed.get('/api/embed/auth')).status).toBe(401);
    });

    it('ends after 30 days', async () => {
      const browser = client();
      await signIn(browser, db, fresh());
      clock.advance(SESSION_TTL_MS - 1000);
      expect(MeResponse.parse(await (await browser.get('/api/me')).json()).user).not.toBeNull();
      clock.advance(1000);
      expect(MeResponse.parse(await (await browser.get('/api/me')).json()).user).toBeNull();
    });

    it('ends when the account is banned', async () => {
      const browser = client();
      const { user } = await signIn(browser, db, fresh());
      await setBanned(db, user.email, true);
      expect(MeResponse.parse(await (await browser.get('/api/me')).json()).user).toBeNull();
    });
  });
});

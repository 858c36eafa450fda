import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  DetailError,
  INVALID_CODE,
  INVALID_PHONE_NUMBER,
  LOGIN_REQUIRED,
  OptInStatus,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  PhoneVerifyResponse,
  VERIFY_CODE_FAILED,
} from '@doppel/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { latestCode, signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { TOO_MANY_CODES } from '../auth/one-time-codes';
import { silentLogger } from '../logger';
import { listOutbox } from '../store/outbox';
import { normalisePhone } from './phone';

let emails = 0;
const email = () => `phone${++emails}.${Date.now()}@example.com`;
let numbers = 0;
const number = () =>
  `+1 (555) 01${String(++numbers).padStart(2, '0')}-${String(Date.now() % 10_000).padStart(4, '0')}`;
const compact = (phone: string) => phone.replace(/[\s().-]/g, '');

describe('normalisePhone', () => {
  it('keeps what was typed, without spaces and punctuation; refuses nothing typed', () => {
    expect(normalisePhone(' +1 (555) 010-2030 ')).toEqual({ ok: true, phone: '+15550102030' });
    expect(normalisePhone('5550102030')).toEqual({ ok: true, phone: '5550102030' });
    expect(normalisePhone('   ')).toEqual({ ok: false, error: INVALID_PHONE_NUMBER });
    expect(normalisePhone(' - ')).toEqual({ ok: false, error: INVALID_PHONE_NUMBER });
  });
});

describe.each(testDatabases())('phone codes and text opt-ins on $name', ({ open }) => {
  let db: Db;
  let clock: ManualClock;
  let ips = 0;

  const user = async () => {
    const client = new TestClient(
      createApp({ db, brain: scriptedBrain([]), config: testConfig(), logger: silentLogger, clock }),
      { ip: `10.2.0.${++ips % 250}` },
    );
    const { user: signedIn } = await signIn(client, db, email());
    return { client, user: signedIn };
  };
  const detailOf = async (res: Response) => DetailError.parse(await res.json()).detail;

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
  });
  beforeEach(() => {
    clock = new ManualClock();
  });
  afterAll(() => db.close());

  it('needs a signed-in user, and says so under detail', async () => {
    const anonymous = new TestClient(
      createApp({ db, brain: scriptedBrain([]), config: testConfig(), logger: silentLogger, clock }),
    );
    for (const res of [
      await anonymous.post('/api/auth/phone', { phone_number: number() }),
      await anonymous.post('/api/auth/phone/verify', { phone_number: number(), code: '123456' }),
      await anonymous.get('/api/auth/opt-in?slug=ada'),
      await anonymous.post('/api/auth/opt-in', { opt_in: true, slug: 'ada' }),
    ]) {
      expect([res.status, await detailOf(res)]).toEqual([401, LOGIN_REQUIRED]);
    }
  });

  it('refuses an empty number: Invalid Phone Number', async () => {
    const { client } = await user();
    for (const phone_number of ['', '   ', '()-', 42]) {
      const res = await client.post('/api/auth/phone', { phone_number });
      expect([res.status, await detailOf(res)]).toEqual([400, INVALID_PHONE_NUMBER]);
    }
  });

  it('texts a code (outbox) and verifies it: the number is stored, texts from the clone opted in', async () => {
    const { client } = await user();
    const phone = number();
    const sent = await client.post('/api/auth/phone', { phone_number: phone });
    expect([sent.status, await sent.json()]).toEqual([200, { ok: true }]);
    const [text] = await listOutbox(db, compact(phone), 1);
    expect(text?.channel).toBe('sms');
    const code = await latestCode(db, compact(phone));
    expect((await (await client.get('/api/auth/opt-in?slug=ada')).json()) as unknown).toEqual({
      opt_in: false,
    });

    const verified = await client.post('/api/auth/phone/verify', { phone_number: phone, code, slug: 'ada' });
    expect(verified.status).toBe(200);
    expect(PhoneVerifyResponse.parse(await verified.json()).user.phoneNumber).toBe(compact(phone));
    expect(OptInStatus.parse(await (await client.get('/api/auth/opt-in?slug=ada')).json())).toEqual({
      opt_in: true,
    });
    const again = await client.post('/api/auth/phone/verify', { phone_number: phone, code });
    expect([again.status, await detailOf(again)]).toEqual([400, VERIFY_CODE_FAILED]);
  });

  it('applies the code rules: malformed, wrong, five wrong tries, expired, another number', async () => {
    const { client } = await user();
    const phone = number();
    const malformed = await client.post('/api/auth/phone/verify', { phone_number: phone, code: '12345' });
    expect([malformed.status, await detailOf(malformed)]).toEqual([400, INVALID_CODE]);

    await client.post('/api/auth/phone', { phone_number: phone });
    const code = await latestCode(db, compact(phone));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await client.post('/api/auth/phone/verify', { phone_number: phone, code: wrong });
      expect([res.status, await detailOf(res)]).toEqual([400, VERIFY_CODE_FAILED]);
    }
    expect((await client.post('/api/auth/phone/verify', { phone_number: phone, code })).status).toBe(400);

    await client.post('/api/auth/phone', { phone_number: phone });
    const fresh = await latestCode(db, compact(phone));
    expect(
      (await client.post('/api/auth/phone/verify', { phone_number: number(), code: fresh })).status,
    ).toBe(400);
    clock.advance(OTP_TTL_MS);
    expect((await client.post('/api/auth/phone/verify', { phone_number: phone, code: fresh })).status).toBe(
      400,
    );
  });

  it("does not accept a code sent for another user's number", async () => {
    const a = await user();
    const b = await user();
    const phone = number();
    await a.client.post('/api/auth/phone', { phone_number: phone });
    const code = await latestCode(db, compact(phone));
    expect((await b.client.post('/api/auth/phone/verify', { phone_number: phone, code })).status).toBe(400);
    expect((await a.client.post('/api/auth/phone/verify', { phone_number: phone, code })).status).toBe(200);
  });

  it('limits texts per number per hour', async () => {
    const { client } = await user();
    const phone = number();
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/auth/phone', { phone_number: phone })).status).toBe(200);
    const res = await client.post('/api/auth/phone', { phone_number: phone });
    expect([res.status, await detailOf(res)]).toEqual([429, TOO_MANY_CODES]);
  });

  it('records and withdraws the opt-in per clone', async () => {
    const { client } = await user();
    const set = await client.post('/api/auth/opt-in', { opt_in: true, slug: 'ada' });
    expect(await set.json()).toEqual({ opt_in: true });
    expect(await (await client.get('/api/auth/opt-in?slug=ada')).json()).toEqual({ opt_in: true });
    await client.post('/api/auth/opt-in', { opt_in: false, slug: 'ada' });
    expect(await (await client.get('/api/auth/opt-in?slug=ada')).json()).toEqual({ opt_in: false });
    const unknown = await client.get('/api/auth/opt-in?slug=nobody');
    expect([unknown.status, await detailOf(unknown)]).toEqual([404, 'Clone not found']);
    const missing = await client.get('/api/auth/opt-in');
    expect(missing.status).toBe(400);
    const bad = await client.post('/api/auth/opt-in', { opt_in: 'yes', slug: 'ada' });
    expect(bad.status).toBe(400);
    expect(DetailError.safeParse(await bad.json()).success).toBe(true);
  });
});

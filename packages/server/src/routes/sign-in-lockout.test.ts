import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, OTP_MAX_ATTEMPTS, VERIFY_CODE_FAILED } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { latestCode } from '../../test/support/sign-in';
import { createApp } from '../app';
import { TOO_MANY_CODES, TOO_MANY_TRIES } from '../auth/one-time-codes';
import type { Config } from '../config';
import { silentLogger } from '../logger';

const SEND = '/api/auth/email/send';
const VERIFY = '/api/auth/email/verify';
let counter = 0;
const fresh = () => `owner${++counter}.${Date.now()}@example.com`;

// Issue 7 §5: five code requests and five wrong guesses from anyone used to cost the owner
// of an address their sign-in for an hour. Limits that protect an address now count per client.
describe.each(testDatabases())('one client cannot lock an owner out of sign-in on $name', ({ open }) => {
  let db: Db;
  const clock = new ManualClock();
  let ipCounter = 0;
  const app = (auth: Partial<Config['auth']> = {}) =>
    createApp({
      db,
      brain: scriptedBrain(['hi']),
      config: testConfig({ auth: { ...testConfig().auth, ...auth } }),
      logger: silentLogger,
      clock,
    });
  const client = (auth: Partial<Config['auth']> = {}) =>
    new TestClient(app(auth), { ip: `192.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('lets the owner get a code after another client used up its sends to the address', async () => {
    const email = fresh();
    const attacker = client();
    for (let i = 0; i < 5; i++) expect((await attacker.post(SEND, { email })).status).toBe(200);
    const refused = await attacker.post(SEND, { email });
    expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MANY_CODES]);

    const owner = client();
    expect((await owner.post(SEND, { email })).status).toBe(200);
    const signedIn = await owner.post(VERIFY, { email, code: await latestCode(db, email) });
    expect(signedIn.status).toBe(200);
  });

  it('lets the owner sign in with their code after another client guessed wrong five times', async () => {
    const email = fresh();
    const owner = client();
    await owner.post(SEND, { email });
    const code = await latestCode(db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const attacker = client();
    for (let i = 0; i < OTP_MAX_ATTEMPTS + 2; i++) {
      const res = await attacker.post(VERIFY, { email, code: wrong });
      expect([res.status, await errorOf(res)]).toEqual([400, VERIFY_CODE_FAILED]);
    }
    // The attacker's tries at this code are used up: even the right code fails for it.
    expect((await attacker.post(VERIFY, { email, code })).status).toBe(400);
    expect((await owner.post(VERIFY, { email, code })).status).toBe(200);
  });

  it('still burns a code that many clients guess at', async () => {
    const email = fresh();
    const owner = client();
    await owner.post(SEND, { email });
    const code = await latestCode(db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 50; i++) await client().post(VERIFY, { email, code: wrong });
    expect((await owner.post(VERIFY, { email, code })).status).toBe(400);
  });

  it('limits one client’s wrong guesses per hour across addresses: 429, then fine an hour later', async () => {
    const guesser = client({ otpFailuresPerIpPerHour: 3 });
    for (let i = 0; i < 3; i++) {
      const res = await guesser.post(VERIFY, { email: fresh(), code: '123456' });
      expect(res.status).toBe(400);
    }
    const email = fresh();
    const owner = client();
    await owner.post(SEND, { email });
    const code = await latestCode(db, email);
    const refused = await guesser.post(VERIFY, { email, code });
    expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MANY_TRIES]);
    clock.advance(60 * 60 * 1000 + 1);
    await owner.post(SEND, { email });
    expect((await guesser.post(VERIFY, { email, code: await latestCode(db, email) })).status).toBe(200);
  });

  it('caps the codes one address gets per hour from all clients together', async () => {
    const email = fresh();
    for (let i = 0; i < 3; i++) {
      expect((await client({ otpSendsPerAddressPerHour: 3 }).post(SEND, { email })).status).toBe(200);
    }
    const res = await client({ otpSendsPerAddressPerHour: 3 }).post(SEND, { email });
    expect([res.status, await errorOf(res)]).toEqual([429, TOO_MANY_CODES]);
  });
});

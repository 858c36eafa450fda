import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, FEEDBACK_MAX_LENGTH } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { signIn } from '../../test/support/sign-in';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import { MALFORMED_JSON } from '../middleware/json-body';
import { FEEDBACK_PER_IP_PER_HOUR, TOO_MUCH_FEEDBACK } from './feedback';

const FeedbackRow = z.object({
  user_id: z.string().nullable(),
  visitor_id: z.string().nullable(),
  subject: z.string(),
  feedback: z.string(),
  pathname: z.string().nullable(),
  ip_address: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

let emails = 0;
const email = () => `feedback${++emails}.${Date.now()}@example.com`;
let proxied = 0;
const valid = { subject: 'Hello', content: 'The answers are great.', metadata: { pathname: '/ada' } };

describe.each(testDatabases())('POST /api/feedback on $name', ({ open }) => {
  let db: Db;
  let ips = 0;
  const clock = new ManualClock();

  const client = () =>
    new TestClient(
      createApp({ db, brain: scriptedBrain([]), config: testConfig(), logger: silentLogger, clock }),
      { ip: `10.3.0.${++ips % 250}` },
    );
  const rowsFrom = async (ip: string) =>
    z.array(FeedbackRow).parse(await db.query('SELECT * FROM feedback WHERE ip_address = $1', [ip]));
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('stores a visitor’s feedback with the IP, visitor and page: 201 {ok: true}', async () => {
    const visitor = client();
    const res = await visitor.post('/api/feedback', valid);
    expect([res.status, await res.json()]).toEqual([201, { ok: true }]);
    const [row, ...rest] = await rowsFrom(visitor.options.ip ?? '');
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      user_id: null,
      subject: 'Hello',
      feedback: 'The answers are great.',
      pathname: '/ada',
      ip_address: visitor.options.ip,
      name: null,
      email: null,
    });
    expect(row?.visitor_id).toBeTruthy();
  });

  it('adds the signed-in user’s id and e-mail', async () => {
    const signedIn = client();
    const address = email();
    const { user } = await signIn(signedIn, db, address);
    const res = await signedIn.post('/api/feedback', { ...valid, subject: '  Trimmed  ' });
    expect(res.status).toBe(201);
    expect(await rowsFrom(signedIn.options.ip ?? '')).toMatchObject([
      { user_id: user.id, email: address, name: user.name, subject: 'Trimmed' },
    ]);
  });

  it('refuses a missing or blank subject, content over the limit and malformed JSON: nothing written', async () => {
    const visitor = client();
    const cases: [unknown, string][] = [
      [{ content: 'x', metadata: { pathname: '/' } }, 'subject'],
      [{ ...valid, subject: '   ' }, 'Subject is required'],
      [{ ...valid, content: '' }, 'Feedback is required'],
      [
        { ...valid, content: 'x'.repeat(FEEDBACK_MAX_LENGTH + 1) },
        `at most ${FEEDBACK_MAX_LENGTH} characters`,
      ],
      [{ subject: 'Hi', content: 'x' }, 'metadata'],
      ['{"subject": "Hi", ', MALFORMED_JSON],
    ];
    for (const [body, error] of cases) {
      const res = await visitor.post('/api/feedback', body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toContain(error);
    }
    const exactly = await visitor.post('/api/feedback', {
      ...valid,
      content: 'x'.repeat(FEEDBACK_MAX_LENGTH),
    });
    expect(exactly.status).toBe(201);
    expect(await rowsFrom(visitor.options.ip ?? '')).toHaveLength(1);
  });

  it('limits feedback per IP per hour: 429, nothing written', async () => {
    const visitor = client();
    const ip = visitor.options.ip ?? '';
    for (let i = 0; i < FEEDBACK_PER_IP_PER_HOUR; i++)
      expect((await visitor.post('/api/feedback', valid)).status).toBe(201);
    const refused = await visitor.post('/api/feedback', valid);
    expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MUCH_FEEDBACK]);
    expect((await client().post('/api/feedback', valid)).status).toBe(201);
    expect(await rowsFrom(ip)).toHaveLength(FEEDBACK_PER_IP_PER_HOUR);
    clock.advance(60 * 60 * 1000);
    expect((await visitor.post('/api/feedback', valid)).status).toBe(201);
  });

  it('behind a trusted proxy, a client cannot dodge the per-IP limit by sending its own X-Forwarded-For', async () => {
    const app = createApp({
      db,
      brain: scriptedBrain(['hi']),
      config: testConfig({ auth: { ...testConfig().auth, trustProxy: true, proxyHops: 1 } }),
      logger: silentLogger,
      clock,
    });
    const real = `203.0.113.${++proxied}`;
    // The proxy connects from loopback and appends the address it saw to what the client sent.
    const through = (claimed: string) =>
      new TestClient(app, { ip: '127.0.0.1', headers: { 'x-forwarded-for': `${claimed}, ${real}` } });
    for (let i = 0; i < FEEDBACK_PER_IP_PER_HOUR; i++)
      expect((await through(`10.9.9.${i}`).post('/api/feedback', valid)).status).toBe(201);
    const refused = await through('10.9.9.99').post('/api/feedback', valid);
    expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MUCH_FEEDBACK]);
    expect(await rowsFrom(real)).toHaveLength(FEEDBACK_PER_IP_PER_HOUR);
  });
});

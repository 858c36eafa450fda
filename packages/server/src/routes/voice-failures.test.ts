import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { parseFailureCommand } from '../cli/failure-commands';
import { type CliIo, runCli } from '../cli/run-cli';
import { FAILURES_PER_IP_PER_HOUR, TOO_MANY_REPORTS } from './voice-failures';

describe.each(testDatabases())('voice failure reports on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let ips = 0;
  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM voice_failures'))[0]?.n;
  const browser = async () => {
    const client = new TestClient(app, { ip: `10.9.0.${++ips}` });
    await client.get('/api/me');
    return client;
  };
  const report = {
    event_id: 'voice_memo_failure',
    slug: 'memo',
    message: 'Failed to process recording. Please try again.',
    cause: 'ApiError 502',
  };

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'memo');
    app = testApp(db, scriptedBrain([]));
  });
  afterAll(() => db.close());

  it('keeps a report for the operator, who reads it with doppel failures', async () => {
    const client = await browser();
    const res = await client.post('/api/voice-failures', { ...report, outcome: 'discarded' });
    expect(res.status).toBe(200);
    const lines: string[] = [];
    const io: CliIo = { out: (l) => lines.push(l), err: (l) => lines.push(l) };
    // The CLI closes the database it opens: give it a handle whose close does nothing.
    const shared = Object.assign(Object.create(db), { close: async () => undefined }) as Db;
    expect(await runCli(['failures', 'memo'], io, { open: async () => ({ db: shared, applied: [] }) })).toBe(
      0,
    );
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT.*\s+voice_memo_failure\s+memo\s+Failed to process recording\. Please try again\.\s+\(cause: ApiError 502, outcome: discarded\)$/,
    );
  });

  it('refuses bad reports, an unknown clone and a stranger, writing nothing', async () => {
    const client = await browser();
    const before = await count();
    for (const body of [
      { ...report, event_id: 'something_else' },
      { ...report, message: '   ' },
      { ...report, message: 'x'.repeat(501) },
      { slug: 'memo' },
      '{',
    ]) {
      expect((await client.post('/api/voice-failures', body)).status).toBe(400);
    }
    expect((await client.post('/api/voice-failures', { ...report, slug: 'nobody' })).status).toBe(404);
    const stranger = new TestClient(app, { cookies: false });
    expect((await stranger.post('/api/voice-failures', report)).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it(`keeps at most ${FAILURES_PER_IP_PER_HOUR} reports an hour from one address`, async () => {
    const client = await browser();
    const before = await count();
    const answers = [];
    for (let i = 0; i <= FAILURES_PER_IP_PER_HOUR; i += 1)
      answers.push(await client.post('/api/voice-failures', report));
    expect(answers.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    const last = answers.at(-1) as Response;
    expect(last.status).toBe(429);
    expect(ApiError.parse(await last.json()).error).toBe(TOO_MANY_REPORTS);
    expect(await count()).toBe((before ?? 0) + FAILURES_PER_IP_PER_HOUR);
  });
});

describe('doppel failures: arguments', () => {
  it('reads a slug and a limit, and refuses the rest', () => {
    expect(parseFailureCommand([])).toEqual({ slug: null, limit: 20 });
    expect(parseFailureCommand(['demo', '--limit', '5'])).toEqual({ slug: 'demo', limit: 5 });
    expect(parseFailureCommand(['--limit=0'])).toMatch(/whole number/);
    expect(parseFailureCommand(['a', 'b'])).toMatch(/unexpected b/);
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import type { Mailer } from '../providers/mailer';

const Outbox = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      code: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

describe.each(testDatabases())('the developer outbox on $name', ({ open }) => {
  let db: Db;
  /** DEV_OUTBOX=on, as `npm start` and the end-to-end servers set it. */
  const app = (mailer?: Mailer, devOutbox = true) =>
    createApp({
      db,
      brain: scriptedBrain([]),
      config: testConfig({ devOutbox }),
      logger: silentLogger,
      ...(mailer && { mailer }),
    });

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('answers the latest codes to an address, to a request from this machine', async () => {
    const local = new TestClient(app(), { ip: '127.0.0.1' });
    await local.post('/api/auth/email/send', { email: 'Dev@Example.com' });
    await local.post('/api/auth/email/send', { email: 'dev@example.com' });
    const res = await local.get('/api/dev/outbox?to=DEV@example.com');
    expect(res.status).toBe(200);
    const { messages } = Outbox.parse(await res.json());
    expect(messages).toHaveLength(2);
    expect(messages[0]?.id).toBeGreaterThan(messages[1]?.id ?? 0);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      to: 'dev@example.com',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(messages[0]?.body).toContain(messages[0]?.code ?? 'none');
    for (const ip of ['::1', '::ffff:127.0.0.1']) {
      expect((await new TestClient(local.app, { ip }).get('/api/dev/outbox?to=dev@example.com')).status).toBe(
        200,
      );
    }
    expect((await local.get('/api/dev/outbox')).status).toBe(400);
  });

  it('is not there for other machines, proxied requests or foreign host names', async () => {
    const server = app();
    const refused = [
      new TestClient(server, { ip: '192.168.1.20' }),
      new TestClient(server, { ip: '10.0.0.1' }),
      new TestClient(server, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } }),
      new TestClient(server, { ip: '127.0.0.1', headers: { forwarded: 'for=198.51.100.7' } }),
      new TestClient(server, { ip: '127.0.0.1', headers: { host: 'attacker.example:3000' } }),
    ];
    for (const client of refused) {
      const res = await client.get('/api/dev/outbox?to=dev@example.com');
      expect([res.status, await res.json()]).toEqual([404, { error: 'Not found' }]);
    }
    // Requests that did not come through a socket at all (no peer address) are refused too.
    expect(
      (await server.request('/api/dev/outbox?to=dev@example.com', { headers: { host: 'localhost' } })).status,
    ).toBe(404);
  });

  it('is not there unless DEV_OUTBOX is on, even to a direct loopback request (the default)', async () => {
    const off = new TestClient(app(undefined, false), { ip: '127.0.0.1' });
    await off.post('/api/auth/email/send', { email: 'quiet@example.com' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const res = await off.get('/api/dev/outbox?to=quiet@example.com', { host });
      expect([res.status, await res.json()]).toEqual([404, { error: 'Not found' }]);
    }
    expect(testConfig().devOutbox).toBe(false);
  });

  it('is not there when mail goes out through SMTP', async () => {
    const smtp: Mailer = { kind: 'smtp', send: async () => {}, close() {} };
    const local = new TestClient(app(smtp), { ip: '127.0.0.1' });
    expect((await local.get('/api/dev/outbox?to=dev@example.com')).status).toBe(404);
    const configured = createApp({
      db,
      brain: scriptedBrain([]),
      config: testConfig({ devOutbox: true, mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com' } }),
      logger: silentLogger,
    });
    expect((await new TestClient(configured).get('/api/dev/outbox?to=dev@example.com')).status).toBe(404);
  });
});

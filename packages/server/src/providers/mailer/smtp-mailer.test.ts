import type { AddressInfo } from 'node:net';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../../test/support/brain-doubles';
import { TestClient } from '../../../test/support/client';
import { testConfig } from '../../../test/support/harness';
import { createApp } from '../../app';
import { silentLogger } from '../../logger';
import { listOutbox } from '../../store/outbox';
import { smtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server (no TLS, no auth) that keeps what it receives. */
async function localSmtp(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('SMTP delivery on $name', ({ open }) => {
  let db: Db;
  let smtp: Awaited<ReturnType<typeof localSmtp>>;

  beforeAll(async () => {
    db = await open();
    smtp = await localSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });

  it('mails the sign-in code through SMTP_URL, and the code signs in; nothing in the outbox', async () => {
    const config = testConfig({ mail: { smtpUrl: smtp.url, from: 'Doppel <codes@doppel.test>' } });
    const client = new TestClient(createApp({ db, brain: scriptedBrain([]), config, logger: silentLogger }));
    const res = await client.post('/api/auth/email/send', { email: 'reader@example.com' });
    expect(res.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.from).toBe('codes@doppel.test');
    expect(mail?.to).toEqual(['reader@example.com']);
    const code = /sign-in code: (\d{6})/.exec(mail?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/i);
    expect(await listOutbox(db, 'reader@example.com', 5)).toEqual([]);
    const verified = await client.post('/api/auth/email/verify', { email: 'reader@example.com', code });
    expect(verified.status).toBe(200);
  });

  it('answers 502 "Failed to send verification code." when the mail server is down', async () => {
    const config = testConfig({ mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'codes@doppel.test' } });
    const client = new TestClient(createApp({ db, brain: scriptedBrain([]), config, logger: silentLogger }));
    const res = await client.post('/api/auth/email/send', { email: 'down@example.com' });
    expect([res.status, await res.json()]).toEqual([502, { error: 'Failed to send verification code.' }]);
  });

  it('leaves out the product logo and name for whitelabel embeds (noLogo)', async () => {
    const mailer = smtpMailer(smtp.url, 'codes@doppel.test');
    const config = testConfig();
    const client = new TestClient(
      createApp({ db, brain: scriptedBrain([]), config, logger: silentLogger, mailer }),
    );
    await client.post('/api/auth/email/send', { email: 'white@example.com', noLogo: true });
    const raw = smtp.received.at(-1)?.raw ?? '';
    expect(raw).toMatch(/Subject: Your sign-in code: \d{6}/);
    expect(raw).not.toMatch(/Doppel/);
    mailer.close();
  });
});

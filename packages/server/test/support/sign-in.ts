/** @module Signing a test client in the way a person does: ask for a code, read the mail, type it. */
import type { Queryable } from '@doppel/db';
import { VerifyEmailCodeResponse } from '@doppel/protocol';
import { listOutbox } from '../../src/store/outbox';
import type { TestClient } from './client';

/** The six-digit code of the latest outbox message to `to`. */
export async function latestCode(db: Queryable, to: string): Promise<string> {
  const [latest] = await listOutbox(db, to, 1);
  const code = latest && /\b(\d{6})\b/.exec(`${latest.subject ?? ''}\n${latest.body}`)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Sends a code to `email`, reads it from the outbox and verifies it; answers the verify body. */
export async function signIn(
  client: TestClient,
  db: Queryable,
  email: string,
): Promise<VerifyEmailCodeResponse> {
  const sent = await client.post('/api/auth/email/send', { email });
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
  const verified = await client.post('/api/auth/email/verify', { email, code: await latestCode(db, email) });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  return VerifyEmailCodeResponse.parse(await verified.json());
}

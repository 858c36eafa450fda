/**
 * @module One-time codes at rest (DESIGN §6): only HMAC-SHA256(secret, channel:subject:code) is
 * stored; one live code per (channel, subject), so a new code replaces the old; a code lives
 * OTP_TTL_MS, is used once, and burns after OTP_MAX_ATTEMPTS wrong tries. Sends are logged per
 * address and IP and limited per hour, counted in the database so every process shares them.
 */
import type { Db, Queryable } from '@doppel/db';
import { z } from 'zod';
import { hmac } from '../auth/crypto';

export type OtpChannel = 'email' | 'sms';

const HOUR_MS = 60 * 60 * 1000;

export interface IssueCodeInput {
  channel: OtpChannel;
  /** What the code is for: the e-mail address, or `<user id>:<number>` for a phone. */
  subject: string;
  /** Where it is sent (the per-address limit counts this). */
  address: string;
  ip: string;
  code: string;
  secret: string;
  now: Date;
  ttlMs: number;
  perAddressPerHour: number;
  perIpPerHour: number;
}

export type IssueOutcome = 'issued' | 'address-limit' | 'ip-limit';

export function codeHash(secret: string, channel: OtpChannel, subject: string, code: string): string {
  return hmac(secret, `otp:${channel}:${subject}:${code}`);
}

const Count = z.object({ n: z.number() });

/**
 * Counts the last hour's sends to the address and from the IP and, within both limits, logs
 * this send and stores the new code in place of the old. One transaction under two advisory
 * locks (address, then IP — always that order), so concurrent requests cannot both pass the
 * last free slot.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<IssueOutcome> {
  const since = new Date(input.now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))', [
      input.address,
      input.ip,
    ]);
    const [counts] = await tx.query(
      `SELECT (SELECT count(*) FROM otp_sends WHERE address = $1 AND created_at > $3)::int AS address,
              (SELECT count(*) FROM otp_sends WHERE ip = $2 AND created_at > $3)::int AS ip`,
      [input.address, input.ip, since],
    );
    const { address, ip } = z.object({ address: z.number(), ip: z.number() }).parse(counts);
    // Sends older than the window count for nothing: drop a bounded batch so the log stays small.
    await tx.query(
      'DELETE FROM otp_sends WHERE id IN (SELECT id FROM otp_sends WHERE created_at <= $1 ORDER BY id LIMIT 200)',
      [since],
    );
    if (address >= input.perAddressPerHour) return 'address-limit';
    if (ip >= input.perIpPerHour) return 'ip-limit';
    await tx.query('INSERT INTO otp_sends (channel, address, ip, created_at) VALUES ($1, $2, $3, $4)', [
      input.channel,
      input.address,
      input.ip,
      input.now,
    ]);
    await tx.query(
      `INSERT INTO otp_codes (channel, subject, code_hash, attempts, created_at, expires_at, consumed_at)
       VALUES ($1, $2, $3, 0, $4, $5, NULL)
       ON CONFLICT (channel, subject) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0,
         created_at = excluded.created_at, expires_at = excluded.expires_at, consumed_at = NULL`,
      [
        input.channel,
        input.subject,
        codeHash(input.secret, input.channel, input.subject, input.code),
        input.now,
        new Date(input.now.getTime() + input.ttlMs),
      ],
    );
    return 'issued';
  });
}

export interface ConsumeCodeInput {
  channel: OtpChannel;
  subject: string;
  code: string;
  secret: string;
  now: Date;
  maxAttempts: number;
}

/**
 * Uses the code if it is the live one: unused, unexpired, fewer than `maxAttempts` wrong tries.
 * One statement: the matching row is marked used (row-locked, so of N concurrent correct
 * tries exactly one gets it), or a wrong guess counts one attempt. True when it was used now.
 */
export async function consumeCode(db: Queryable, input: ConsumeCodeInput): Promise<boolean> {
  const hash = codeHash(input.secret, input.channel, input.subject, input.code);
  const rows = await db.query(
    `WITH hit AS (
       UPDATE otp_codes SET consumed_at = $4
       WHERE channel = $1 AND subject = $2 AND code_hash = $3 AND consumed_at IS NULL
         AND expires_at > $4 AND attempts < $5
       RETURNING 1
     ), miss AS (
       UPDATE otp_codes SET attempts = attempts + 1
       WHERE channel = $1 AND subject = $2 AND code_hash <> $3 AND consumed_at IS NULL AND attempts < $5
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM hit)::int AS n`,
    [input.channel, input.subject, hash, input.now, input.maxAttempts],
  );
  return Count.parse(rows[0]).n === 1;
}

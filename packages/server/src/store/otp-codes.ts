/**
 * @module One-time codes at rest (DESIGN §6): only HMAC-SHA256(secret, channel:subject:code) is
 * stored; one live code per (channel, subject), so a new code replaces the old; a code lives
 * OTP_TTL_MS and is used once. Sends and wrong guesses are logged with the client's address and
 * limited per hour, counted in the database so every process shares them. The limits that
 * protect an address are counted per client as well, so that one client cannot lock the
 * address's owner out (issue 7 §5): its sends and wrong guesses use up its own allowance.
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
  /** Codes to one address from one client per hour (the spec's per-address limit). */
  perAddressPerClientPerHour: number;
  /** Codes to one address from all clients together per hour (against mail bombing). */
  perAddressPerHour: number;
  /** Codes requested by one client per hour, to any address. */
  perIpPerHour: number;
}

export type IssueOutcome = 'issued' | 'address-limit' | 'ip-limit';

export function codeHash(secret: string, channel: OtpChannel, subject: string, code: string): string {
  return hmac(secret, `otp:${channel}:${subject}:${code}`);
}

const Counts = z.object({ pair: z.number(), address: z.number(), ip: z.number() });

/**
 * Counts the last hour's sends to the address (from this client and from all) and from the
 * client and, within the limits, logs this send and stores the new code in place of the old.
 * One transaction under two advisory locks (address, then IP — always that order), so
 * concurrent requests cannot both pass the last free slot.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<IssueOutcome> {
  const since = new Date(input.now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))', [
      input.address,
      input.ip,
    ]);
    const [counts] = await tx.query(
      `SELECT (SELECT count(*) FROM otp_sends WHERE address = $1 AND ip = $2 AND created_at > $3)::int AS pair,
              (SELECT count(*) FROM otp_sends WHERE address = $1 AND created_at > $3)::int AS address,
              (SELECT count(*) FROM otp_sends WHERE ip = $2 AND created_at > $3)::int AS ip`,
      [input.address, input.ip, since],
    );
    const { pair, address, ip } = Counts.parse(counts);
    // Sends older than the window count for nothing: drop a bounded batch so the log stays small.
    await tx.query(
      'DELETE FROM otp_sends WHERE id IN (SELECT id FROM otp_sends WHERE created_at <= $1 ORDER BY id LIMIT 200)',
      [since],
    );
    if (pair >= input.perAddressPerClientPerHour || address >= input.perAddressPerHour)
      return 'address-limit';
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
  /** The client's address: its wrong guesses count against it, not against the owner. */
  ip: string;
  /** Wrong guesses one client may make at one code (the spec's per-code limit). */
  maxAttemptsPerClient: number;
  /** Wrong guesses at one code from all clients together before it burns. */
  maxAttemptsTotal: number;
  /** Wrong guesses one client may make per hour, at any code. */
  failuresPerIpPerHour: number;
}

/**
 * used: signed in; wrong: not the live code, or this client used up its tries at it;
 * client-limit: this client made too many wrong guesses this hour, at any code.
 */
export type ConsumeOutcome = 'used' | 'wrong' | 'client-limit';

const ClientFailures = z.object({ atCode: z.number(), lastHour: z.number() });
const Hit = z.object({ hit: z.number(), miss: z.number() });

/**
 * Uses the code if it is the live one: unused, unexpired, under its total of wrong guesses, and
 * guessed by a client within its own limits. Runs inside the caller's transaction, serialised
 * per client (advisory lock) so that concurrent guesses cannot pass a client's last free try;
 * the code's row is updated in one statement (row-locked, so of N concurrent correct tries
 * exactly one gets it). A wrong guess is logged for the client and counted on the code.
 */
export async function consumeCode(tx: Queryable, input: ConsumeCodeInput): Promise<ConsumeOutcome> {
  await tx.query('SELECT pg_advisory_xact_lock(4, hashtext($1))', [input.ip]);
  const since = new Date(input.now.getTime() - HOUR_MS);
  const [failures] = await tx.query(
    `SELECT (SELECT count(*) FROM otp_failures f JOIN otp_codes c USING (channel, subject)
              WHERE f.channel = $1 AND f.subject = $2 AND f.ip = $3 AND f.created_at >= c.created_at)::int AS "atCode",
            (SELECT count(*) FROM otp_failures WHERE ip = $3 AND created_at > $4)::int AS "lastHour"`,
    [input.channel, input.subject, input.ip, since],
  );
  const client = ClientFailures.parse(failures);
  if (client.lastHour >= input.failuresPerIpPerHour) return 'client-limit';
  // For a client that used up its tries, the code is burnt (the spec's per-code limit); for
  // everyone else it still works.
  const burntForClient = client.atCode >= input.maxAttemptsPerClient;
  const hash = burntForClient ? '' : codeHash(input.secret, input.channel, input.subject, input.code);
  const [row] = await tx.query(
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
     SELECT (SELECT count(*) FROM hit)::int AS hit, (SELECT count(*) FROM miss)::int AS miss`,
    [input.channel, input.subject, hash, input.now, input.maxAttemptsTotal],
  );
  const outcome = Hit.parse(row);
  if (outcome.hit === 1) return 'used';
  await tx.query('INSERT INTO otp_failures (channel, subject, ip, created_at) VALUES ($1, $2, $3, $4)', [
    input.channel,
    input.subject,
    input.ip,
    input.now,
  ]);
  // Failures older than the window count for nothing: drop a bounded batch.
  await tx.query(
    'DELETE FROM otp_failures WHERE id IN (SELECT id FROM otp_failures WHERE created_at <= $1 ORDER BY id LIMIT 200)',
    [since],
  );
  return 'wrong';
}

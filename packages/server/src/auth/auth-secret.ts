/**
 * @module The server secret that signs visitor ids and keys one-time code hashes: AUTH_SECRET,
 * else one generated on first use and kept in the `settings` table, so that every process
 * behind a load balancer (and every restart) shares it.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { randomToken } from './crypto';

const SETTING = 'auth_secret';

/** The configured secret, or the stored one (created by whichever process asks first). */
export async function loadAuthSecret(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING,
    randomToken(48),
  ]);
  const rows = await db.query('SELECT value FROM settings WHERE key = $1', [SETTING]);
  return z.object({ value: z.string().min(32) }).parse(rows[0]).value;
}

/** `loadAuthSecret` once per process; a failed load is retried on the next call. */
export function cachedAuthSecret(db: Queryable, configured: string | null): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    secret ??= loadAuthSecret(db, configured).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
}

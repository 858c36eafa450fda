/**
 * @module Hourly limits counted in the database, so every server process shares them: an
 * action in `bucket` by `key` (a client address) is allowed while fewer than `limit` were taken
 * in the last `windowMs`. For actions without a table of their own to count.
 */
import type { Db } from '@doppel/db';
import { z } from 'zod';

const Count = z.object({ n: z.number() });

export interface TakeSlotInput {
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
}

/**
 * Takes one slot if the window has one free: true when taken. One transaction under an
 * advisory lock on (bucket, key), so concurrent requests cannot both take the last slot.
 */
export async function takeSlot(db: Db, input: TakeSlotInput): Promise<boolean> {
  const since = new Date(input.now.getTime() - input.windowMs);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(5, hashtext($1))', [`${input.bucket}:${input.key}`]);
    const [count] = await tx.query(
      'SELECT count(*)::int AS n FROM rate_events WHERE bucket = $1 AND key = $2 AND created_at > $3',
      [input.bucket, input.key, since],
    );
    if (Count.parse(count).n >= input.limit) return false;
    await tx.query('INSERT INTO rate_events (bucket, key, created_at) VALUES ($1, $2, $3)', [
      input.bucket,
      input.key,
      input.now,
    ]);
    await tx.query(
      `DELETE FROM rate_events WHERE id IN
         (SELECT id FROM rate_events WHERE bucket = $1 AND created_at <= $2 ORDER BY id LIMIT 200)`,
      [input.bucket, since],
    );
    return true;
  });
}

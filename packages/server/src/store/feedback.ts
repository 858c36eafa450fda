/**
 * @module Feedback at rest (spec/chat.md §3): one row per message sent from the feedback dialog,
 * limited per IP per hour, counted in the database so every process shares the limit.
 */
import type { Db } from '@doppel/db';
import { z } from 'zod';

const HOUR_MS = 60 * 60 * 1000;

export interface FeedbackInput {
  cloneId: string | null;
  userId: string | null;
  visitorId: string | null;
  subject: string;
  feedback: string;
  pathname: string;
  ipAddress: string;
  name: string | null;
  email: string | null;
  now: Date;
  perIpPerHour: number;
}

export type FeedbackOutcome = 'stored' | 'ip-limit';

const Count = z.object({ n: z.number() });

/**
 * Counts the last hour's feedback from the IP and, within the limit, stores this one. One
 * transaction under an advisory lock on the IP, so concurrent requests cannot both pass the
 * last free slot.
 */
export async function insertFeedback(db: Db, input: FeedbackInput): Promise<FeedbackOutcome> {
  const since = new Date(input.now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(3, hashtext($1))', [input.ipAddress]);
    const [count] = await tx.query(
      'SELECT count(*)::int AS n FROM feedback WHERE ip_address = $1 AND created_at > $2',
      [input.ipAddress, since],
    );
    if (Count.parse(count).n >= input.perIpPerHour) return 'ip-limit';
    await tx.query(
      `INSERT INTO feedback
         (clone_id, user_id, visitor_id, subject, feedback, pathname, ip_address, name, email, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        input.cloneId,
        input.userId,
        input.visitorId,
        input.subject,
        input.feedback,
        input.pathname,
        input.ipAddress,
        input.name,
        input.email,
        input.now,
      ],
    );
    return 'stored';
  });
}

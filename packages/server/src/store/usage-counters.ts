/** @module Usage counters: what a user (`u:<id>`) or visitor (`v:<id>`) used of a clone in a month. */
import type { Queryable } from '@doppel/db';
import type { UsageAmounts } from '@doppel/protocol';
import { z } from 'zod';

/** The subject of a counter: the signed-in user, else the visitor. */
export function usageSubject(userId: string | null, visitorId: string): string {
  return userId ? `u:${userId}` : `v:${visitorId}`;
}

export interface CounterKey {
  subject: string;
  cloneId: string;
  /** The instance id, or null for the clone itself. */
  instanceId: string | null;
  /** `YYYY-MM-01` (usagePeriod). */
  period: string;
}

const Amounts = z.object({ messages: z.number(), voice_seconds: z.number(), video_seconds: z.number() });
export const ZERO_USAGE: UsageAmounts = { messages: 0, voice_seconds: 0, video_seconds: 0 };

export async function readUsage(db: Queryable, key: CounterKey): Promise<UsageAmounts> {
  const rows = await db.query(
    `SELECT messages, voice_seconds, video_seconds FROM usage_counters
     WHERE subject = $1 AND clone_id = $2 AND instance_key = $3 AND period = $4::date`,
    [key.subject, key.cloneId, key.instanceId ?? '', key.period],
  );
  return rows[0] ? Amounts.parse(rows[0]) : ZERO_USAGE;
}

/** Sets a counter's message count (tests and the CLI; sends charge inside acceptMessage). */
export async function setMessagesUsed(db: Queryable, key: CounterKey, messages: number): Promise<void> {
  await db.query(
    `INSERT INTO usage_counters (subject, clone_id, instance_key, period, messages) VALUES ($1, $2, $3, $4::date, $5)
     ON CONFLICT (subject, clone_id, instance_key, period) DO UPDATE SET messages = excluded.messages`,
    [key.subject, key.cloneId, key.instanceId ?? '', key.period, messages],
  );
}

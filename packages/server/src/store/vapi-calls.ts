/**
 * @module Vapi calls in `vapi_calls` (migration 054): recorded when the server starts one, claimed
 * once by the first end-of-call report (a replay finds it ended), and the report's transcript and
 * recording written to the call's conversation.
 */
import type { Db, Queryable } from '@doppel/db';
import { z } from 'zod';

export const VapiCallRow = z.object({
  call_id: z.string(),
  conversation_id: z.string(),
  clone_id: z.string(),
  instance_id: z.string().nullable(),
  user_id: z.string().nullable(),
  visitor_id: z.string(),
  api_key_id: z.string().nullable(),
  charged: z.number(),
  call_limit_seconds: z.number().nullable(),
});
export type VapiCallRow = z.infer<typeof VapiCallRow>;

export async function recordVapiCall(db: Queryable, row: VapiCallRow): Promise<void> {
  await db.query(
    `INSERT INTO vapi_calls (call_id, conversation_id, clone_id, instance_id, user_id, visitor_id, api_key_id,
       charged, call_limit_seconds) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.call_id,
      row.conversation_id,
      row.clone_id,
      row.instance_id,
      row.user_id,
      row.visitor_id,
      row.api_key_id,
      row.charged,
      row.call_limit_seconds,
    ],
  );
}

/**
 * Marks call `callId` ended and answers it — once: 'ended' when an earlier report already did,
 * 'unknown' when this server never started such a call.
 */
export async function claimVapiCallEnd(
  db: Queryable,
  callId: string,
  now: Date,
): Promise<VapiCallRow | 'ended' | 'unknown'> {
  const rows = await db.query(
    `UPDATE vapi_calls SET ended_at = $2 WHERE call_id = $1 AND ended_at IS NULL
     RETURNING call_id, conversation_id::text, clone_id::text, instance_id::text, user_id::text, visitor_id,
       api_key_id::text, charged, call_limit_seconds`,
    [callId, now],
  );
  if (rows[0]) return VapiCallRow.parse(rows[0]);
  const known = await db.query('SELECT 1 FROM vapi_calls WHERE call_id = $1', [callId]);
  return known.length > 0 ? 'ended' : 'unknown';
}

/** Undoes a claim whose work failed, so that Vapi's retry of the report is handled. */
export async function reopenVapiCall(db: Queryable, callId: string): Promise<void> {
  await db.query('UPDATE vapi_calls SET ended_at = NULL WHERE call_id = $1', [callId]);
}

export async function addVapiCallCharge(db: Queryable, callId: string, seconds: number): Promise<void> {
  await db.query('UPDATE vapi_calls SET charged = charged + $2 WHERE call_id = $1', [callId, seconds]);
}

/**
 * Writes the call's transcript (the caller's lines as USER, the clone's as CLONE, in order), its
 * recording URL and — while it has the default one — its title (the caller's first words).
 */
export async function storeVapiTranscript(
  db: Db,
  input: {
    conversationId: string;
    lines: readonly { sender: 'USER' | 'CLONE'; text: string }[];
    recordingUrl: string | null;
    defaultTitle: string;
  },
): Promise<void> {
  const firstWords = input.lines.find((l) => l.sender === 'USER')?.text.slice(0, 100) ?? null;
  await db.transaction(async (tx) => {
    // One statement per line: created_at (clock_timestamp) keeps their order.
    for (const line of input.lines)
      await tx.query('INSERT INTO messages (conversation_id, sender, text) VALUES ($1, $2, $3)', [
        input.conversationId,
        line.sender,
        line.text,
      ]);
    await tx.query(
      `UPDATE conversations SET updated_at = now(), recording_url = COALESCE($2, recording_url),
         title = CASE WHEN title = $3 AND $4::text IS NOT NULL THEN $4 ELSE title END
       WHERE id = $1`,
      [input.conversationId, input.recordingUrl, input.defaultTitle, firstWords],
    );
  });
}

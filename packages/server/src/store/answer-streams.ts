/**
 * @module The answer streams' rows (migration 075): who writes a stream, its events in order, and
 * its end. Every process reads and writes them, so a stream resumes on any process (issue 14 §2).
 * Leases are counted in the database's clock, the one clock every process shares.
 */
import type { Db, Queryable } from '@doppel/db';
import { StreamEvent } from '@doppel/protocol';
import { z } from 'zod';
import { MESSAGE_COLUMNS, MessageRow } from '../mappers/message';
import { type CloneMessageInput, insertCloneMessageIf } from './messages';
import { storeAnswerIn } from './stop-answer';

/** How long a holder is presumed alive after its last renewal. */
export const STREAM_LEASE_MS = 4_000;
/** How often a process renews the leases of the streams it writes. */
export const STREAM_RENEW_MS = 1_000;
/** How long a stream's events stay to be resumed. */
export const STREAM_KEEP_MS = 60 * 60 * 1000;

const StreamRow = z.object({
  id: z.string(),
  conversation_id: z.string(),
  user_message_id: z.string(),
  holder: z.string(),
  finished: z.boolean(),
  lease_lapsed: z.boolean(),
});
export type StreamRow = z.infer<typeof StreamRow>;

/**
 * What the brain was asked for a stream's answer (the send's `AnswerInput`, less files and signal),
 * recorded with the stream by store/accept-message.ts.
 */
export const StreamBrainInput = z.object({
  clone: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    headline: z.string(),
    description: z.string(),
    suggestedQuestions: z.array(z.string()),
  }),
  question: z.string(),
  history: z.array(z.object({ sender: z.enum(['USER', 'CLONE']), text: z.string() })),
  products: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      imageUrl: z.string().nullable(),
      keywords: z.array(z.string()).readonly(),
    }),
  ),
});
export type StreamBrainInput = z.infer<typeof StreamBrainInput>;

const EventRow = z.object({ seq: z.number(), event: StreamEvent });
const BatchRow = z.object({
  first_seq: z.number(),
  events: z.string().transform((text, ctx) => {
    try {
      return z.array(z.unknown()).parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'a stream batch that is not a JSON array' });
      return z.NEVER;
    }
  }),
});
export type StreamEventRow = z.infer<typeof EventRow>;

const STREAM_COLUMNS = `id, conversation_id, user_message_id, holder, finished_at IS NOT NULL AS finished,
  lease_until < now() AS lease_lapsed`;

/** The stream `id`, or null when there is none (or it is not a uuid the caller could own). */
export async function findStream(db: Queryable, id: string): Promise<StreamRow | null> {
  const rows = await db.query(`SELECT ${STREAM_COLUMNS} FROM answer_streams WHERE id = $1`, [id]);
  return rows[0] ? StreamRow.parse(rows[0]) : null;
}

/** What the brain was asked for stream `id`, when it was kept and still reads as such. */
export async function findStreamBrainInput(db: Queryable, id: string): Promise<StreamBrainInput | null> {
  const [row] = await db.query('SELECT brain_input FROM answer_streams WHERE id = $1', [id]);
  const parsed = StreamBrainInput.safeParse(row?.brain_input);
  return parsed.success ? parsed.data : null;
}

/** Events of one stream to append, numbered from `firstSeq`, and whether the stream ends after them. */
export interface StreamAppend {
  streamId: string;
  firstSeq: number;
  events: readonly StreamEvent[];
  finish: boolean;
}

/**
 * Appends the events of several streams and marks those that end as finished, in one statement,
 * for the streams `holder` still holds: answers the ids of those (another process took the
 * others over; nothing of theirs was written). One statement for every stream a process writes
 * at the moment: in a burst, each round trip carries every stream's tokens, not one stream's.
 */
export async function appendStreamEvents(
  db: Queryable,
  holder: string,
  appends: readonly StreamAppend[],
): Promise<Set<string>> {
  // One row per stream and write (migration 110): its events as one JSON array. Rows are locked
  // in the order of their ids here and in every other statement that locks several streams
  // (renewStreamLeases), so two such statements on PostgreSQL never deadlock.
  const ordered = [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : 1));
  const batches = ordered.filter((a) => a.events.length > 0);
  const held = await db.query<{ id: string }>(
    `WITH held AS (
       SELECT id FROM answer_streams WHERE id = ANY($2::uuid[]) AND holder = $1
     ), written AS (
       INSERT INTO answer_stream_batches (stream_id, first_seq, last_seq, events)
       SELECT b.stream_id, b.first_seq, b.last_seq, b.events
         FROM unnest($3::uuid[], $4::int[], $5::int[], $6::text[]) AS b(stream_id, first_seq, last_seq, events)
        WHERE b.stream_id IN (SELECT id FROM held)
     ), finished AS (
       UPDATE answer_streams SET finished_at = now()
        WHERE id IN (SELECT id FROM answer_streams WHERE id = ANY($7::uuid[]) AND id IN (SELECT id FROM held)
                     ORDER BY id FOR NO KEY UPDATE)
     )
     SELECT id FROM held`,
    [
      holder,
      ordered.map((a) => a.streamId),
      batches.map((a) => a.streamId),
      batches.map((a) => a.firstSeq),
      batches.map((a) => a.firstSeq + a.events.length - 1),
      batches.map((a) => JSON.stringify(a.events)),
      ordered.filter((a) => a.finish).map((a) => a.streamId),
    ],
  );
  return new Set(held.map((row) => row.id));
}

export type StreamAnswer =
  /** Stored now (null: a stop that came first kept nothing of it). */
  | { status: 'stored'; message: MessageRow | null }
  /** Another process (the writer before a take-over) had stored it already. */
  | { status: 'already'; message: MessageRow | null }
  /** This process no longer holds the stream: nothing stored. */
  | { status: 'lost' };

const AnsweredRow = z.object({
  holder: z.string(),
  answered: z.boolean(),
  answer_message_id: z.string().nullable(),
});

/**
 * Stores the answer of stream `stream.id` once (store/stop-answer.ts `storeAnswerIn`, a stop
 * that came first applied), under the stream's row lock, while `stream.holder` holds it.
 */
export async function storeStreamAnswer(
  db: Db,
  stream: { id: string; holder: string },
  input: CloneMessageInput & { userMessageId: string },
): Promise<StreamAnswer> {
  // The usual case in one statement: the stream is still this process's and unanswered, and no
  // stop waits for this answer (rows locked as the transaction below locks them).
  const { userMessageId, ...answer } = input;
  const stored = await insertCloneMessageIf(db, answer, {
    sql: `guard AS (
       SELECT s.id FROM answer_streams s JOIN conversations v ON v.id = s.conversation_id
        WHERE s.id = $9 AND s.holder = $10 AND s.answered_at IS NULL AND v.stop_after IS DISTINCT FROM $11::uuid
        FOR UPDATE OF s, v
     )`,
    after: `, answered AS (
       UPDATE answer_streams SET answered_at = now(), answer_message_id = (SELECT id FROM m)
        WHERE id = $9 AND EXISTS (SELECT 1 FROM m)
     )`,
    params: [stream.id, stream.holder, userMessageId],
  });
  if (stored) return { status: 'stored', message: stored };
  return db.transaction(async (tx) => {
    const [found] = await tx.query(
      `SELECT holder, answered_at IS NOT NULL AS answered, answer_message_id FROM answer_streams
       WHERE id = $1 FOR UPDATE`,
      [stream.id],
    );
    const row = found ? AnsweredRow.parse(found) : null;
    if (!row || row.holder !== stream.holder) return { status: 'lost' };
    if (row.answered) {
      if (!row.answer_message_id) return { status: 'already', message: null };
      const [message] = await tx.query(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [
        row.answer_message_id,
      ]);
      return { status: 'already', message: message ? MessageRow.parse(message) : null };
    }
    const message = await storeAnswerIn(tx, input);
    await tx.query('UPDATE answer_streams SET answered_at = now(), answer_message_id = $2 WHERE id = $1', [
      stream.id,
      message?.id ?? null,
    ]);
    return { status: 'stored', message };
  });
}

/** The stream's events after `afterSeq`, in order. */
export async function readStreamEvents(
  db: Queryable,
  streamId: string,
  afterSeq: number,
): Promise<StreamEventRow[]> {
  const rows = await db.query(
    `SELECT first_seq, events FROM answer_stream_batches WHERE stream_id = $1 AND last_seq > $2
     ORDER BY first_seq`,
    [streamId, afterSeq],
  );
  return rows.flatMap((row) => {
    const batch = BatchRow.parse(row);
    return batch.events
      .map((event, i) => EventRow.parse({ seq: batch.first_seq + i, event }))
      .filter((event) => event.seq > afterSeq);
  });
}

/** Renews the leases of the streams `holder` still writes. */
export async function renewStreamLeases(
  db: Queryable,
  holder: string,
  ids: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE answer_streams SET lease_until = now() + make_interval(secs => $3)
     WHERE id IN (SELECT id FROM answer_streams WHERE holder = $1 AND id = ANY($2::uuid[]) AND finished_at IS NULL
                  ORDER BY id FOR NO KEY UPDATE)`,
    [holder, ids, STREAM_LEASE_MS / 1000],
  );
}

/**
 * Takes over an unfinished stream whose holder's lease lapsed (the process died): true for the one
 * process that wins it, whichever asks at the same time.
 */
export async function takeOverStream(db: Queryable, streamId: string, holder: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE answer_streams SET holder = $2, lease_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND finished_at IS NULL AND lease_until < now() RETURNING id`,
    [streamId, holder, STREAM_LEASE_MS / 1000],
  );
  return rows.length === 1;
}

/** Forgets streams older than STREAM_KEEP_MS (their events go with them). */
export async function purgeOldStreams(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM answer_streams WHERE id IN (SELECT id FROM answer_streams
       WHERE created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT 500)`,
    [STREAM_KEEP_MS / 1000],
  );
}

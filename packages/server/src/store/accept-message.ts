/**
 * @module The first write of a send, in one statement and one round trip (first-token latency is
 * what a visitor feels): check that the conversation belongs to the clone and to the caller,
 * charge one message against the caller's quota, store the visitor's message, bump updated_at,
 * set the first title, record the answer's stream (issue 14 §2) with what the brain is asked,
 * and read back the clone and the earlier turns. One statement is atomic on its own: no
 * transaction, so on PGlite's worker no other statement waits while this one's caller is busy.
 *
 * The charge is an upsert on the caller's usage counter that only increments while core's
 * `grantable` (in SQL, `grantSql`) grants one message under the caller's limit, computed in the
 * same statement from the clone, relationship and subscription (`chargeLimitSql` over
 * `meteringJoinsSql`: `ON CONFLICT … DO UPDATE … WHERE grant > 0`). PostgreSQL locks the
 * counter row for it, so concurrent sends at the boundary queue on that row and at most `limit`
 * of them ever pass; the message is inserted only when the charge returned a row, so a refused
 * send writes nothing (DESIGN §4).
 *
 * A send names its stream; when that stream exists already (a retried send) nothing is charged
 * or written, and the caller resumes it. Two retries racing past that check both reach the
 * stream's INSERT, where its primary key fails one of them whole (`StreamTaken`).
 */
import { randomUUID } from 'node:crypto';
import type { CloneForBrain, HistoryTurn } from '@doppel/brain';
import type { AffiliateProduct } from '@doppel/core';
import type { Queryable } from '@doppel/db';
import { DEFAULT_CONVERSATION_TITLE, type UsageAmounts } from '@doppel/protocol';
import { z } from 'zod';
import { toCloneForBrain } from '../mappers/clone';
import { chargeLimitSql } from './charge-limit-sql';
import { type Owner, ownedBy } from './conversations';
import { grantSql } from './grant-sql';
import { meteringJoinsSql } from './metering-joins-sql';

const AcceptedRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string(),
  description: z.string(),
  suggested_questions: z.array(z.string()),
  products: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      imageUrl: z.string().nullable(),
      keywords: z.array(z.string()),
    }),
  ),
  instance_id: z.string().nullable(),
  history: z.array(z.object({ sender: z.enum(['USER', 'CLONE']), text: z.string() })),
  stored: z.number(),
  user_message_id: z.string().nullable(),
  stream_taken: z.boolean(),
  has_attached_text: z.boolean(),
  used: z.object({ messages: z.number(), voice_seconds: z.number(), video_seconds: z.number() }).nullable(),
});

export interface AcceptMessageInput {
  conversationId: string;
  slug: string;
  text: string;
  /** The title to set when the title is still the default and this is the first user message. */
  firstTitle: string;
  /** How many earlier turns to read back. */
  historyTurns: number;
  /** The caller: their conversations are theirs (user) or their visitor's until claimed. */
  owner: Owner;
  /** The usage counter to charge, or null when usage is not enforced (benchmarks only). */
  charge: {
    subject: string;
    /** `YYYY-MM-01`. */
    period: string;
    /** FREE_MESSAGES_PER_MONTH: the signed-in quota when the clone has no free tier. */
    freeMessagesPerMonth: number;
    /** The app's clock: whether a subscription's paid period has ended. */
    now: Date;
  } | null;
  /**
   * The answer's stream to record with the message (issue 14 §2), held by `holder` for
   * `leaseSeconds`; `keepBrainInput` keeps what the brain is asked, for a process that takes
   * the stream over. Without it, no stream is recorded (calls, text channels).
   */
  stream?: { id: string; holder: string; leaseSeconds: number; keepBrainInput: boolean };
}

export type AcceptOutcome =
  | {
      status: 'stored';
      /** The visitor's message just stored (a stop names the answer to it). */
      userMessageId: string;
      clone: CloneForBrain;
      /** The clone's products an answer may link to (clone.json `products`). */
      products: AffiliateProduct[];
      /** The turns before this message, oldest first. */
      history: HistoryTurn[];
      /** The conversation's instance (whose quota was charged); null for the clone. */
      instanceId: string | null;
      /** Whether files with text were attached to the conversation before this message. */
      hasAttachedText: boolean;
    }
  /**
   * The quota refused the send; nothing was written. `used` is the counter as it stands,
   * `instanceId` the conversation's instance (whose quota refused).
   */
  | { status: 'refused'; used: UsageAmounts; instanceId: string | null }
  /** No such conversation of this clone that the caller may use; nothing was written. */
  | { status: 'not-found' }
  /** The send's stream exists already (a retried send): nothing was written. */
  | { status: 'stream-taken' };

/** A send whose stream id another statement recorded at the same moment (PostgreSQL only). */
export class StreamTaken extends Error {}

const ZERO = { messages: 0, voice_seconds: 0, video_seconds: 0 };

/**
 * Parameters: $1 conversation, $2 slug, $3 text, $4 first title, $5 default title, $6 turns,
 * $7 user, $8 visitor, $9 stateless, $10 the stream's id (null: none). `target` is the
 * conversation the send may write to: none when its stream exists already.
 */
const TARGET = `found AS (
       SELECT v.id AS conversation_id, v.instance_id, c.id, c.slug, c.name, c.headline, c.description, c.products
       FROM conversations v JOIN clones c ON c.id = v.clone_id
       WHERE v.id = $1 AND c.slug = $2 AND ${ownedBy('v', '$7', '$8', '$9')}
     ), taken AS (
       SELECT 1 FROM answer_streams WHERE id = $10::uuid
     ), target AS (
       SELECT * FROM found WHERE NOT EXISTS (SELECT 1 FROM taken)
     ), asked AS (
       SELECT COALESCE((SELECT jsonb_agg(q.question ORDER BY q.position) FROM suggested_questions q
           WHERE q.clone_id = f.id), '[]'::jsonb) AS suggested_questions,
         COALESCE((SELECT jsonb_agg(jsonb_build_object('sender', h.sender, 'text', h.text) ORDER BY h.created_at, h.id)
           FROM (SELECT id, sender, text, created_at FROM messages
                 WHERE conversation_id = $1 AND sender IN ('USER', 'CLONE')
                 ORDER BY created_at DESC, id DESC LIMIT $6) h), '[]'::jsonb) AS history
       FROM found f
     )`;

/**
 * $11 the stream's holder, $12 its lease in seconds, $13 whether the brain's input is kept,
 * $14 the new message's id (made here: PGlite's gen_random_uuid opens /dev/urandom for each).
 * The brain's input is built here from what this statement reads (`StreamBrainInput`).
 */
const STREAMED = `streamed AS (
       INSERT INTO answer_streams (id, conversation_id, user_message_id, holder, lease_until, brain_input)
       SELECT $10::uuid, $1, s.id, $11, now() + make_interval(secs => $12),
         CASE WHEN $13::boolean THEN jsonb_build_object(
           'clone', jsonb_build_object('id', t.id, 'slug', t.slug, 'name', t.name, 'headline', t.headline,
             'description', t.description, 'suggestedQuestions', a.suggested_questions),
           'question', $3::text, 'history', a.history, 'products', t.products) END
       FROM stored s, target t, asked a WHERE $10::uuid IS NOT NULL
       RETURNING id
     )`;

/**
 * $15 subject, $16 period, $17 FREE_MESSAGES_PER_MONTH, $18 now. The limit is the caller's
 * message limit (charge-limit-sql.ts): -1 counts without refusing, 0 refuses every send.
 */
const CHARGED = `quota AS (
       SELECT ${chargeLimitSql('messages', { user: '$7', freeMessages: '$17' })} AS max_messages
       FROM target t JOIN clones c ON c.id = t.id
         ${meteringJoinsSql({ user: '$7', instance: 't.instance_id', now: '$18' })}
     ), charged AS (
       INSERT INTO usage_counters AS u (subject, clone_id, instance_key, period, messages)
       SELECT $15, t.id, COALESCE(t.instance_id::text, ''), $16::date, 1 FROM target t, quota q
       WHERE ${grantSql('q.max_messages', '0', '1')} > 0
       ON CONFLICT (subject, clone_id, instance_key, period) DO UPDATE SET messages = u.messages + 1
         WHERE ${grantSql('(SELECT max_messages FROM quota)', 'u.messages', '1')} > 0
       RETURNING 1
     )`;

const statement = (charged: boolean) =>
  `WITH ${TARGET}, ${charged ? CHARGED : 'charged AS (SELECT 1)'}, touched AS (
       UPDATE conversations SET updated_at = now(),
         title = CASE WHEN title = $5 AND NOT EXISTS (
           SELECT 1 FROM messages WHERE conversation_id = $1 AND sender = 'USER') THEN $4 ELSE title END
       WHERE id = (SELECT conversation_id FROM target) AND EXISTS (SELECT 1 FROM charged) RETURNING id
     ), stored AS (
       INSERT INTO messages (id, conversation_id, sender, text) SELECT $14::uuid, id, 'USER', $3 FROM touched RETURNING id
     ), ${STREAMED}
     SELECT t.id, t.slug, t.name, t.headline, t.description, t.instance_id, t.products,
       a.suggested_questions, a.history,
       (SELECT count(*) FROM stored)::int AS stored,
       (SELECT id FROM stored) AS user_message_id,
       EXISTS (SELECT 1 FROM taken) AS stream_taken,
       EXISTS (SELECT 1 FROM uploads u WHERE u.conversation_id = $1
         AND EXISTS (SELECT 1 FROM upload_chunks c WHERE c.upload_id = u.id)) AS has_attached_text,
       ${
         charged
           ? `(SELECT jsonb_build_object('messages', u.messages, 'voice_seconds', u.voice_seconds,
                'video_seconds', u.video_seconds) FROM usage_counters u
               WHERE u.subject = $15 AND u.clone_id = t.id AND u.instance_key = COALESCE(t.instance_id::text, '')
                 AND u.period = $16::date)`
           : 'NULL::jsonb'
       } AS used
     FROM found t, asked a`;

const CHARGING = statement(true);
const NOT_CHARGING = statement(false);

/**
 * Stores the message and answers what the brain needs, or why nothing was written. The history
 * is read from the statement's snapshot, so it never includes the message just stored; `used`
 * (read on refusal) is the counter before this statement, which a refusal did not change.
 */
export async function acceptMessage(db: Queryable, input: AcceptMessageInput): Promise<AcceptOutcome> {
  const params: unknown[] = [
    input.conversationId,
    input.slug,
    input.text,
    input.firstTitle,
    DEFAULT_CONVERSATION_TITLE,
    input.historyTurns,
    input.owner.userId,
    input.owner.visitorId,
    input.owner.stateless,
    input.stream?.id ?? null,
    input.stream?.holder ?? null,
    input.stream?.leaseSeconds ?? 0,
    input.stream?.keepBrainInput ?? false,
    randomUUID(),
  ];
  if (input.charge) {
    const { subject, period, freeMessagesPerMonth, now } = input.charge;
    params.push(subject, period, freeMessagesPerMonth, now);
  }
  let rows: Record<string, unknown>[];
  try {
    rows = await db.query(input.charge ? CHARGING : NOT_CHARGING, params);
  } catch (error) {
    if (input.stream && isStreamKeyConflict(error)) throw new StreamTaken();
    throw error;
  }
  if (!rows[0]) return { status: 'not-found' };
  const row = AcceptedRow.parse(rows[0]);
  if (row.stream_taken) return { status: 'stream-taken' };
  if (row.stored === 0) return { status: 'refused', used: row.used ?? ZERO, instanceId: row.instance_id };
  if (!row.user_message_id) throw new Error('the message was stored without an id');
  return {
    status: 'stored',
    instanceId: row.instance_id,
    hasAttachedText: row.has_attached_text,
    userMessageId: row.user_message_id,
    clone: toCloneForBrain(row),
    products: row.products,
    history: row.history,
  };
}

/** The unique violation of answer_streams' primary key (a stream id recorded at the same moment). */
function isStreamKeyConflict(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === 'answer_streams_pkey'
  );
}

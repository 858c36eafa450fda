/**
 * @module Reads and writes of messages and their citations. Each write is one statement
 * (data-modifying CTEs), so it is atomic on PGlite and PostgreSQL alike without a transaction.
 */
import { randomUUID } from 'node:crypto';
import type { CitationDraft } from '@doppel/brain';
import { type AffiliateProduct, affiliatesFor } from '@doppel/core';
import type { Queryable } from '@doppel/db';
import { AnswerRetrieval } from '@doppel/protocol';
import { z } from 'zod';
import { CITATION_COLUMNS, CitationRow } from '../mappers/citation';
import { MESSAGE_COLUMNS, MessageRow } from '../mappers/message';
import { type Owner, ownedBy } from './conversations';

/**
 * The messages of a conversation, oldest first, each with the reaction of the caller: the first
 * of `subjects` (the user, then the visitor of this browser) that reacted.
 */
export async function listMessages(
  db: Queryable,
  conversationId: string,
  subjects: readonly string[] = [],
): Promise<MessageRow[]> {
  const rows = await db.query(
    `SELECT ${MESSAGE_COLUMNS},
       (SELECT r.reaction FROM message_reactions r WHERE r.message_id = m.id AND r.subject = ANY($2::text[])
        ORDER BY array_position($2::text[], r.subject) LIMIT 1) AS reaction
     FROM messages m WHERE conversation_id = $1 ORDER BY created_at, id`,
    [conversationId, subjects],
  );
  return z.array(MessageRow).parse(rows);
}

export interface CloneMessageInput {
  conversationId: string;
  text: string;
  citations: readonly CitationDraft[];
  /** The answer stopped early (the listener left). */
  interrupted: boolean;
  /** The clone's products: the answer carries those its stored text mentions (messageAffiliates). */
  products?: readonly AffiliateProduct[];
  /** How the brain found the answer, for the staff debug dialog (issue 10 §6). */
  retrieval?: AnswerRetrieval | undefined;
}

/**
 * The statement that stores a clone message: $1 conversation, $2 text, $3 has sources,
 * $4 interrupted, $5 citations, $6 affiliates, $7 retrieval, $8 the message's id. With `guard`
 * (a CTE named `guard` over parameters from $9), nothing is stored unless it returns a row;
 * `after` adds data-modifying CTEs that run with the insert (they may read `m`). The ids are
 * made here, not by gen_random_uuid(): PGlite's opens /dev/urandom for every one.
 */
const cloneMessageSql = (guard: string | null, after = '') =>
  `WITH ${guard ? `${guard}, ` : ''}m AS (
     INSERT INTO messages (id, conversation_id, sender, text, has_sources, interrupted, affiliates, retrieval)
     SELECT $8::uuid, $1, 'CLONE', $2, $3, $4, $6::jsonb, $7::jsonb ${guard ? 'WHERE EXISTS (SELECT 1 FROM guard)' : ''}
     RETURNING ${MESSAGE_COLUMNS}
   ), cited AS (
     INSERT INTO message_citations
       (id, message_id, position, used, document_id, document_title, title, text, url, timestamp_ms, type)
     SELECT x.id, m.id, x.position, x.used, x.document_id, x.document_title, x.title, x.text, x.url,
       x.timestamp_ms, x.type
     FROM m, jsonb_to_recordset($5::jsonb) AS x(id uuid, position integer, used boolean, document_id uuid,
       document_title text, title text, text text, url text, timestamp_ms integer, type text)
   ), touched AS (
     UPDATE conversations SET updated_at = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM m)
   )${after}
   SELECT * FROM m`;

const UNGUARDED = cloneMessageSql(null);

const cloneMessageParams = (input: CloneMessageInput): unknown[] => {
  const citations = input.citations.map((c) => ({
    id: randomUUID(),
    position: c.position,
    used: c.used,
    document_id: c.documentId,
    document_title: c.documentTitle,
    title: c.title,
    text: c.text,
    url: c.url,
    timestamp_ms: c.timestampMs,
    type: c.type,
  }));
  const affiliates = affiliatesFor(input.text, input.products ?? []);
  return [
    input.conversationId,
    input.text,
    citations.length > 0,
    input.interrupted,
    JSON.stringify(citations),
    JSON.stringify(affiliates),
    input.retrieval ? JSON.stringify(input.retrieval) : null,
    randomUUID(),
  ];
};

/** Stores the clone's answer with its citations and bumps the conversation's updated_at. */
export async function insertCloneMessage(db: Queryable, input: CloneMessageInput): Promise<MessageRow> {
  const rows = await db.query(UNGUARDED, cloneMessageParams(input));
  return MessageRow.parse(rows[0]);
}

/**
 * `insertCloneMessage` in one statement with a condition: `guard.sql` is the `guard` CTE (its
 * parameters `guard.params` from $9), `guard.after` more CTEs run with the insert. Null when the
 * guard returned no row (nothing stored).
 */
export async function insertCloneMessageIf(
  db: Queryable,
  input: CloneMessageInput,
  guard: { sql: string; after: string; params: readonly unknown[] },
): Promise<MessageRow | null> {
  const rows = await db.query(cloneMessageSql(guard.sql, guard.after), [
    ...cloneMessageParams(input),
    ...guard.params,
  ]);
  return rows[0] ? MessageRow.parse(rows[0]) : null;
}

/**
 * True when `owner` may read the message `id` (a uuid): it is in a conversation they own, or in
 * one shared by its owner (anyone with the link reads it, its sources too).
 */
export async function messageReadableBy(db: Queryable, id: string, owner: Owner): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM messages m JOIN conversations v ON v.id = m.conversation_id
     WHERE m.id = $1 AND (${ownedBy('v', '$2', '$3', '$4')} OR v.share_id IS NOT NULL)`,
    [id, owner.userId, owner.visitorId, owner.stateless],
  );
  return rows.length > 0;
}

/** The citations of a message, by position. */
export async function listCitations(db: Queryable, messageId: string): Promise<CitationRow[]> {
  const rows = await db.query(
    `SELECT ${CITATION_COLUMNS} FROM message_citations WHERE message_id = $1 ORDER BY position`,
    [messageId],
  );
  return z.array(CitationRow).parse(rows);
}

const DebugRow = MessageRow.extend({ retrieval: AnswerRetrieval.nullable() });

/** Any message with the retrieval kept with it (the staff debug dialog; staff see every message). */
export async function findMessageForDebug(
  db: Queryable,
  id: string,
): Promise<z.infer<typeof DebugRow> | null> {
  const rows = await db.query(`SELECT ${MESSAGE_COLUMNS}, retrieval FROM messages WHERE id = $1`, [id]);
  return rows[0] ? DebugRow.parse(rows[0]) : null;
}

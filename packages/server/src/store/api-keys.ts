/** @module API keys in `api_keys` (migration 010): created, looked up, counted, revoked. */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { apiKeyHash, newApiKey } from '../auth/api-key';
import { isUuid } from '../http/uuid';

const COLUMNS = `k.id, k.clone_id, c.slug AS clone_slug, k.name, k.prefix, k.created_at, k.revoked_at,
  k.last_used_at, k.requests::float8 AS requests, k.answered_characters::float8 AS answered_characters,
  k.completion_tokens::float8 AS completion_tokens`;

export const ApiKeyRow = z.object({
  id: z.string(),
  clone_id: z.string(),
  clone_slug: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.date(),
  revoked_at: z.date().nullable(),
  last_used_at: z.date().nullable(),
  /** Completions answered. */
  requests: z.number(),
  /** Characters of the answers' text. */
  answered_characters: z.number(),
  /** The answers' tokens, as their `usage` counted them. */
  completion_tokens: z.number(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

/** Makes a key for the clone; answers its id and the key (the only time it exists outside). */
export async function createApiKey(
  db: Queryable,
  input: { cloneId: string; name: string },
): Promise<{ id: string; key: string; prefix: string }> {
  const made = newApiKey();
  const rows = await db.query(
    'INSERT INTO api_keys (clone_id, name, key_hash, prefix) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.cloneId, input.name, made.hash, made.prefix],
  );
  const [row] = z.array(z.object({ id: z.string() })).parse(rows);
  if (!row) throw new Error('storing the API key answered no row');
  return { id: row.id, key: made.key, prefix: made.prefix };
}

/** The clone's keys, oldest first, revoked ones included. */
export async function listApiKeys(db: Queryable, cloneId: string): Promise<ApiKeyRow[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM api_keys k JOIN clones c ON c.id = k.clone_id
     WHERE k.clone_id = $1 ORDER BY k.created_at, k.id`,
    [cloneId],
  );
  return z.array(ApiKeyRow).parse(rows);
}

/** What a live key may do: answer as its clone. */
export interface ApiKeyGrant {
  keyId: string;
  cloneId: string;
  cloneSlug: string;
}

/**
 * The grant of a live (not revoked) `key`, or null; marks it used in the same statement, so a
 * request costs one round trip for the check.
 */
export async function useApiKey(db: Queryable, key: string, now: Date): Promise<ApiKeyGrant | null> {
  const rows = await db.query(
    `UPDATE api_keys k SET last_used_at = $2 FROM clones c
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND c.id = k.clone_id
     RETURNING k.id, k.clone_id, c.slug`,
    [apiKeyHash(key), now],
  );
  const [row] = z.array(z.object({ id: z.string(), clone_id: z.string(), slug: z.string() })).parse(rows);
  return row ? { keyId: row.id, cloneId: row.clone_id, cloneSlug: row.slug } : null;
}

/** Adds one answered completion to the key's counters. */
export async function countApiKeyAnswer(
  db: Queryable,
  keyId: string,
  answer: { characters: number; completionTokens: number },
): Promise<void> {
  await db.query(
    `UPDATE api_keys SET requests = requests + 1, answered_characters = answered_characters + $2,
       completion_tokens = completion_tokens + $3
     WHERE id = $1`,
    [keyId, answer.characters, answer.completionTokens],
  );
}

/** Revokes key `id`: from now on it is refused. */
export async function revokeApiKey(
  db: Queryable,
  id: string,
  now: Date,
): Promise<'revoked' | 'already-revoked' | 'unknown'> {
  if (!isUuid(id)) return 'unknown';
  const rows = await db.query(
    `WITH before AS (SELECT revoked_at FROM api_keys WHERE id = $1 FOR UPDATE)
     UPDATE api_keys k SET revoked_at = COALESCE(k.revoked_at, $2) FROM before WHERE k.id = $1
     RETURNING before.revoked_at IS NULL AS revoked_now`,
    [id, now],
  );
  const [row] = z.array(z.object({ revoked_now: z.boolean() })).parse(rows);
  if (!row) return 'unknown';
  return row.revoked_now ? 'revoked' : 'already-revoked';
}

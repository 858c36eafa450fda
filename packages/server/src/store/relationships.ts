/** @module Relationships of users with clones (spec/calls.md §3) and text opt-ins (spec/calls.md §5). */
import type { Queryable } from '@doppel/db';
import type { RelationshipType } from '@doppel/protocol';
import { z } from 'zod';
import { RelationshipRow } from '../mappers/user';

const RELATIONSHIP_COLUMNS = 'id, user_id, clone_id, type';

/** Makes the user a FOLLOWER of the clone unless they already relate to it (kept as it is). */
export async function ensureFollower(db: Queryable, userId: string, cloneId: string): Promise<void> {
  await db.query(
    `INSERT INTO relationships (user_id, clone_id, type) VALUES ($1, $2, 'FOLLOWER')
     ON CONFLICT (user_id, clone_id) DO NOTHING`,
    [userId, cloneId],
  );
}

/** Sets the user's relationship type with the clone (the `doppel relationship` command). */
export async function setRelationship(
  db: Queryable,
  input: { userId: string; cloneId: string; type: RelationshipType },
): Promise<RelationshipRow> {
  const rows = await db.query(
    `INSERT INTO relationships AS r (user_id, clone_id, type) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, clone_id) DO UPDATE SET type = excluded.type, updated_at = now()
     RETURNING ${RELATIONSHIP_COLUMNS}`,
    [input.userId, input.cloneId, input.type],
  );
  return RelationshipRow.parse(rows[0]);
}

/**
 * Turns overage billing on or off for the user and clone (a FOLLOWER relationship is made when
 * there is none). The tier itself comes from the subscriptions table (store/subscriptions.ts).
 */
export async function setOverage(
  db: Queryable,
  input: { userId: string; cloneId: string; overageEnabled: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO relationships AS r (user_id, clone_id, type, overage_enabled) VALUES ($1, $2, 'FOLLOWER', $3)
     ON CONFLICT (user_id, clone_id) DO UPDATE SET overage_enabled = excluded.overage_enabled, updated_at = now()`,
    [input.userId, input.cloneId, input.overageEnabled],
  );
}

/** The user's relationships, with one clone only when `cloneId` is given. */
export async function listRelationships(
  db: Queryable,
  userId: string,
  cloneId: string | null = null,
): Promise<RelationshipRow[]> {
  const rows = await db.query(
    `SELECT ${RELATIONSHIP_COLUMNS} FROM relationships
     WHERE user_id = $1 AND ($2::uuid IS NULL OR clone_id = $2::uuid) ORDER BY created_at, id`,
    [userId, cloneId],
  );
  return z.array(RelationshipRow).parse(rows);
}

export async function readOptIn(db: Queryable, userId: string, cloneId: string): Promise<boolean> {
  const rows = await db.query<{ opt_in: boolean }>(
    'SELECT opt_in FROM text_opt_ins WHERE user_id = $1 AND clone_id = $2',
    [userId, cloneId],
  );
  return rows[0]?.opt_in === true;
}

export async function writeOptIn(
  db: Queryable,
  userId: string,
  cloneId: string,
  optIn: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO text_opt_ins (user_id, clone_id, opt_in) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, clone_id) DO UPDATE SET opt_in = excluded.opt_in, updated_at = now()`,
    [userId, cloneId, optIn],
  );
}

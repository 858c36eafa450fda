/**
 * @module Signed-in sessions. The token (cookie or bearer) is 32 random bytes the client keeps;
 * the database keeps only its SHA-256, so a leaked table signs nobody in.
 */
import type { Queryable } from '@doppel/db';
import { sha256Hex } from '../auth/crypto';
import { USER_COLUMNS, UserRow } from '../mappers/user';

export async function createSession(
  db: Queryable,
  input: { token: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [sha256Hex(input.token), input.userId, input.now, input.expiresAt],
  );
}

/** The user of a live session (not revoked, not expired, user not banned); null otherwise. */
export async function findSessionUser(db: Queryable, token: string, now: Date): Promise<UserRow | null> {
  const rows = await db.query(
    `SELECT ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND NOT u.banned`,
    [sha256Hex(token), now],
  );
  return rows[0] ? UserRow.parse(rows[0]) : null;
}

/** Revokes the session of `token` (nothing happens for an unknown token). */
export async function revokeSession(db: Queryable, token: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    sha256Hex(token),
    now,
  ]);
}

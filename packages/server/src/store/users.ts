/** @module Reads and writes of users. E-mail addresses arrive trimmed and lower-cased. */
import type { Queryable } from '@doppel/db';
import { USER_COLUMNS, UserRow } from '../mappers/user';

/** The user with this address, created on first sign-in; a given time zone is remembered. */
export async function upsertUserByEmail(
  db: Queryable,
  email: string,
  timezone: string | null = null,
): Promise<UserRow> {
  const rows = await db.query(
    `INSERT INTO users AS u (email, timezone) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET timezone = COALESCE(excluded.timezone, u.timezone), updated_at = now()
     RETURNING ${USER_COLUMNS}`,
    [email, timezone],
  );
  return UserRow.parse(rows[0]);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email]);
  return rows[0] ? UserRow.parse(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? UserRow.parse(rows[0]) : null;
}

/** Sets (or clears) the staff flag, creating the user when needed (the `doppel user` command). */
export async function setStaff(db: Queryable, email: string, staff: boolean): Promise<UserRow> {
  const rows = await db.query(
    `INSERT INTO users AS u (email, staff) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET staff = excluded.staff, updated_at = now()
     RETURNING ${USER_COLUMNS}`,
    [email, staff],
  );
  return UserRow.parse(rows[0]);
}

/** Bans or unbans an address (creating the user when needed): banned addresses cannot sign in. */
export async function setBanned(db: Queryable, email: string, banned: boolean): Promise<UserRow> {
  const rows = await db.query(
    `INSERT INTO users AS u (email, banned) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET banned = excluded.banned, updated_at = now()
     RETURNING ${USER_COLUMNS}`,
    [email, banned],
  );
  return UserRow.parse(rows[0]);
}

/** Whether an account with this address is banned (false when there is none). */
export async function isBanned(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ banned: boolean }>('SELECT banned FROM users WHERE email = $1', [email]);
  return rows[0]?.banned === true;
}

/** Stores a verified phone number on the user; answers the user as stored now. */
export async function setPhoneNumber(db: Queryable, userId: string, phone: string): Promise<UserRow> {
  const rows = await db.query(
    `UPDATE users u SET phone_number = $2, updated_at = now() WHERE u.id = $1 RETURNING ${USER_COLUMNS}`,
    [userId, phone],
  );
  return UserRow.parse(rows[0]);
}

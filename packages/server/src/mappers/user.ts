/** @module User rows → protocol `User`; relationship rows → protocol `Relationship`. */
import { type Relationship, RelationshipType, type User } from '@doppel/protocol';
import { z } from 'zod';

export const UserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  image_url: z.string().nullable(),
  phone_number: z.string().nullable(),
  telegram_username: z.string().nullable(),
  staff: z.boolean(),
  banned: z.boolean(),
});
export type UserRow = z.infer<typeof UserRow>;

/** The columns `UserRow` needs, for a table aliased `u`. */
export const USER_COLUMNS =
  'u.id, u.email, u.name, u.image_url, u.phone_number, u.telegram_username, u.staff, u.banned';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    imageUrl: row.image_url,
    phoneNumber: row.phone_number,
    telegramUsername: row.telegram_username,
    staff: row.staff,
  };
}

export const RelationshipRow = z.object({
  id: z.string(),
  user_id: z.string(),
  clone_id: z.string(),
  type: RelationshipType,
});
export type RelationshipRow = z.infer<typeof RelationshipRow>;

export function toRelationship(row: RelationshipRow): Relationship {
  return { id: row.id, userId: row.user_id, cloneId: row.clone_id, type: row.type };
}

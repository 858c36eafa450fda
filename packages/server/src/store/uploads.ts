/**
 * @module Uploads and their passages. An upload is its uploader's: the signed-in user, or — for a
 * visitor — the visitor id; anyone else reads "not found" (issue 10 §4).
 */
import type { Db, Queryable } from '@doppel/db';
import { z } from 'zod';
import type { Owner } from './conversations';

export const UploadRow = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  kind: z.enum(['image', 'document']),
  size_bytes: z.coerce.number(),
  storage_key: z.string(),
  status: z.enum(['uploading', 'ready']),
  multipart_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
});
export type UploadRow = z.infer<typeof UploadRow>;

const COLUMNS =
  'id, name, content_type, kind, size_bytes, storage_key, status, multipart_id, conversation_id';
/** "upload `u` is the caller's", with $2 the user id and $3 the visitor id. */
const OWNED = '(u.user_id = $2::uuid OR (u.user_id IS NULL AND u.visitor_id = $3::text))';

export interface NewUpload {
  name: string;
  contentType: string;
  kind: 'image' | 'document';
  size: number;
  storageKey: string;
  owner: Owner;
}

/** A multipart upload begun: status `uploading` until completed. */
export async function insertUploading(
  db: Queryable,
  input: NewUpload & { multipartId: string },
): Promise<UploadRow> {
  const rows = await db.query(
    `INSERT INTO uploads (user_id, visitor_id, name, content_type, kind, size_bytes, storage_key, status, multipart_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'uploading', $8) RETURNING ${COLUMNS}`,
    [
      input.owner.userId,
      input.owner.visitorId,
      input.name,
      input.contentType,
      input.kind,
      input.size,
      input.storageKey,
      input.multipartId,
    ],
  );
  return UploadRow.parse(rows[0]);
}

/** Stores a checked file (status ready) with its passages, in one transaction. */
export async function insertReady(
  db: Db,
  input: NewUpload & { chunks: readonly string[] },
): Promise<UploadRow> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `INSERT INTO uploads (user_id, visitor_id, name, content_type, kind, size_bytes, storage_key, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'ready') RETURNING ${COLUMNS}`,
      [
        input.owner.userId,
        input.owner.visitorId,
        input.name,
        input.contentType,
        input.kind,
        input.size,
        input.storageKey,
      ],
    );
    const row = UploadRow.parse(rows[0]);
    await insertChunks(tx, row.id, input.chunks);
    return row;
  });
}

async function insertChunks(db: Queryable, uploadId: string, chunks: readonly string[]): Promise<void> {
  if (chunks.length === 0) return;
  await db.query(
    `INSERT INTO upload_chunks (upload_id, position, text)
     SELECT $1, x.position - 1, x.text FROM unnest($2::text[]) WITH ORDINALITY AS x(text, position)`,
    [uploadId, chunks],
  );
}

/** A completed multipart upload becomes ready, with what it turned out to be and its passages. */
export async function markReady(
  db: Db,
  input: { id: string; contentType: string; kind: 'image' | 'document'; chunks: readonly string[] },
): Promise<UploadRow> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE uploads SET status = 'ready', multipart_id = NULL, content_type = $2, kind = $3
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [input.id, input.contentType, input.kind],
    );
    await insertChunks(tx, input.id, input.chunks);
    return UploadRow.parse(rows[0]);
  });
}

/** The caller's upload `id` (any status), or null. */
export async function findOwnUpload(db: Queryable, id: string, owner: Owner): Promise<UploadRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM uploads u WHERE u.id = $1 AND ${OWNED}`, [
    id,
    owner.userId,
    owner.visitorId,
  ]);
  return rows[0] ? UploadRow.parse(rows[0]) : null;
}

/** The caller's multipart upload under `key` with the storage's `multipartId`, still uploading. */
export async function findOwnMultipart(
  db: Queryable,
  input: { key: string; multipartId: string; owner: Owner },
): Promise<UploadRow | null> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM uploads u
     WHERE u.storage_key = $1 AND ${OWNED} AND u.status = 'uploading' AND u.multipart_id = $4`,
    [input.key, input.owner.userId, input.owner.visitorId, input.multipartId],
  );
  return rows[0] ? UploadRow.parse(rows[0]) : null;
}

export async function deleteUpload(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM uploads WHERE id = $1', [id]);
}

/** How many of `ids` are the caller's ready uploads (a send names only its own). */
export async function findOwnReadyUploads(
  db: Queryable,
  ids: readonly string[],
  owner: Owner,
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM uploads u WHERE u.id = ANY($1::uuid[]) AND ${OWNED} AND u.status = 'ready'`,
    [ids, owner.userId, owner.visitorId],
  );
  return z.array(UploadRow).parse(rows);
}

/**
 * The uploads join the conversation (its answers read them) and the visitor's last message there
 * carries them (`files`, and `image_url` for the first image).
 */
export async function attachUploads(
  db: Queryable,
  input: { conversationId: string; uploads: readonly UploadRow[]; url: (id: string) => string },
): Promise<void> {
  const files = input.uploads.map((u) => ({ name: u.name, url: input.url(u.id) }));
  const image = input.uploads.find((u) => u.kind === 'image');
  await db.query(
    `WITH attached AS (
       UPDATE uploads SET conversation_id = $1 WHERE id = ANY($2::uuid[]) RETURNING id
     )
     UPDATE messages SET files = $3::jsonb, image_url = $4
     WHERE id = (SELECT id FROM messages WHERE conversation_id = $1 AND sender = 'USER'
                 ORDER BY created_at DESC, id DESC LIMIT 1)`,
    [
      input.conversationId,
      input.uploads.map((u) => u.id),
      JSON.stringify(files),
      image ? input.url(image.id) : null,
    ],
  );
}

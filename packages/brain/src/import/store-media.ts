/** @module Images of a clone folder, kept in the `media` table (deduplicated by content). */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import type { ImageFile } from '../folder/image-file';

/** The URL the server serves a media row at. */
export const mediaUrl = (id: string): string => `/api/media/${id}`;

/** Stores `image` once per content and answers its URL. */
export async function storeMedia(tx: Queryable, image: ImageFile): Promise<string> {
  const rows = await tx.query(
    `INSERT INTO media (sha256, content_type, bytes) VALUES ($1, $2, $3)
     ON CONFLICT (sha256) DO UPDATE SET content_type = excluded.content_type
     RETURNING id`,
    [image.sha256, image.contentType, image.bytes],
  );
  const [row] = z.array(z.object({ id: z.string() })).parse(rows);
  if (!row) throw new Error(`Storing ${image.path} answered no row`);
  return mediaUrl(row.id);
}

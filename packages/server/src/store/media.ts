/** @module Reads of stored media (clone images imported from clone folders). */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';

const MediaRow = z.object({ content_type: z.string(), sha256: z.string(), bytes: z.instanceof(Uint8Array) });
export type MediaRow = z.infer<typeof MediaRow>;

export async function findMedia(db: Queryable, id: string): Promise<MediaRow | null> {
  const rows = await db.query('SELECT content_type, sha256, bytes FROM media WHERE id = $1', [id]);
  return rows[0] ? MediaRow.parse(rows[0]) : null;
}

import type { Queryable } from '@doppel/db';
import { z } from 'zod';

/** A few document titles of the clone (oldest first): the subjects it can offer to talk about. */
export async function documentTitles(db: Queryable, cloneId: string, limit = 3): Promise<string[]> {
  const rows = await db.query(
    'SELECT title FROM documents WHERE clone_id = $1 ORDER BY created_at, path LIMIT $2',
    [cloneId, limit],
  );
  return z
    .array(z.object({ title: z.string() }))
    .parse(rows)
    .map((row) => row.title);
}

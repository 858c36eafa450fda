/** @module Reads of clones, their instances and suggested questions. */
import type { CloneForBrain } from '@doppel/brain';
import type { Queryable } from '@doppel/db';
import type { SuggestedQuestion } from '@doppel/protocol';
import { z } from 'zod';
import {
  CloneForBrainRow,
  CloneRow,
  InstanceRow,
  SuggestedQuestionRow,
  toCloneForBrain,
} from '../mappers/clone';

const CLONE_COLUMNS = `id, slug, name, headline, description, image_url, verified, public, language, voice_id,
  view_sources, tone_feedback, phone_number, socials, orgs, options, monetization, embed_allowed_origins, affiliate_url IS NOT NULL AS has_affiliate_link`;

export async function findCloneBySlug(db: Queryable, slug: string): Promise<CloneRow | null> {
  const rows = await db.query(`SELECT ${CLONE_COLUMNS} FROM clones WHERE slug = $1`, [slug]);
  return rows[0] ? CloneRow.parse(rows[0]) : null;
}

/** The slug of the clone with this id, or null. */
export async function findCloneSlug(db: Queryable, cloneId: string): Promise<string | null> {
  const rows = await db.query<{ slug: string }>('SELECT slug FROM clones WHERE id = $1', [cloneId]);
  return rows[0]?.slug ?? null;
}

export async function findInstance(
  db: Queryable,
  cloneId: string,
  slug: string,
): Promise<InstanceRow | null> {
  const rows = await db.query(
    'SELECT id, slug, name, image_url FROM clone_instances WHERE clone_id = $1 AND slug = $2',
    [cloneId, slug],
  );
  return rows[0] ? InstanceRow.parse(rows[0]) : null;
}

export async function listSuggestedQuestions(db: Queryable, cloneId: string): Promise<SuggestedQuestion[]> {
  const rows = await db.query(
    'SELECT id, question FROM suggested_questions WHERE clone_id = $1 ORDER BY position',
    [cloneId],
  );
  return z.array(SuggestedQuestionRow).parse(rows);
}

/** Public clones for the explore page, verified first, then by name. */
export async function listPublicClones(db: Queryable): Promise<CloneRow[]> {
  const rows = await db.query(
    `SELECT ${CLONE_COLUMNS} FROM clones WHERE public ORDER BY verified DESC, name, slug`,
  );
  return z.array(CloneRow).parse(rows);
}

/** What the brain needs about the clone `slug`, in one round trip; null when there is none. */
export async function loadCloneForBrain(db: Queryable, slug: string): Promise<CloneForBrain | null> {
  const rows = await db.query(
    `SELECT c.id, c.slug, c.name, c.headline, c.description,
       COALESCE((SELECT jsonb_agg(q.question ORDER BY q.position) FROM suggested_questions q WHERE q.clone_id = c.id),
         '[]'::jsonb) AS suggested_questions
     FROM clones c WHERE c.slug = $1`,
    [slug],
  );
  return rows[0] ? toCloneForBrain(CloneForBrainRow.parse(rows[0])) : null;
}

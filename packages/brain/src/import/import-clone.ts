/**
 * @module `doppel import DIR`: creates or updates a clone from its folder, idempotently, in one
 * transaction. Knowledge files are matched by path and compared by content hash: unchanged
 * ones are skipped, changed ones re-chunked, missing ones removed (with their chunks).
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '@doppel/db';
import { z } from 'zod';
import { toMemberships } from '../folder/clone-file';
import type { KnowledgeDocument } from '../folder/knowledge-document';
import { type CloneFolder, loadCloneFolder } from '../folder/load-clone-folder';
import {
  addDocumentTerms,
  refreshSearchIndex,
  removeDocumentTerms,
  updateChunkCount,
} from '../retrieval/term-stats';
import { CHUNKER_VERSION, chunkParagraphs } from './chunk-paragraphs';
import { storeMedia } from './store-media';

export interface ImportResult {
  cloneId: string;
  slug: string;
  /** True when the clone did not exist before. */
  created: boolean;
  documents: { added: number; updated: number; removed: number; unchanged: number };
}

/** The hash a document is compared by: everything that ends up in its rows and chunks. */
export function documentHash(document: KnowledgeDocument): string {
  const { title, type, url, paragraphs } = document;
  const canonical = JSON.stringify({ chunker: CHUNKER_VERSION, title, type, url, paragraphs });
  return createHash('sha256').update(canonical).digest('hex');
}

const IdRow = z.object({ id: z.string() });

async function upsertClone(tx: Queryable, folder: CloneFolder): Promise<{ id: string; created: boolean }> {
  const { clone } = folder;
  const imageUrl = folder.image ? await storeMedia(tx, folder.image) : clone.imageUrl;
  const rows = await tx.query(
    `INSERT INTO clones (slug, name, headline, description, image_url, verified, public, language, voice_id,
       view_sources, tone_feedback, phone_number, socials, orgs, options, monetization, memberships, voice,
       embed_allowed_origins, affiliate_url, products)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::jsonb, $15::jsonb, $16::jsonb, $17::jsonb, $18::jsonb,
       $19::jsonb, $20, $21::jsonb)
     ON CONFLICT (slug) DO UPDATE SET name = excluded.name, headline = excluded.headline,
       description = excluded.description, image_url = excluded.image_url, verified = excluded.verified,
       public = excluded.public, language = excluded.language, voice_id = excluded.voice_id,
       view_sources = excluded.view_sources, tone_feedback = excluded.tone_feedback,
       phone_number = excluded.phone_number, socials = excluded.socials, orgs = excluded.orgs,
       options = excluded.options, monetization = excluded.monetization,
       memberships = excluded.memberships, voice = excluded.voice,
       embed_allowed_origins = excluded.embed_allowed_origins, affiliate_url = excluded.affiliate_url,
       products = excluded.products, updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [
      clone.slug,
      clone.name,
      clone.headline,
      clone.description,
      imageUrl,
      clone.verified,
      clone.public,
      clone.language,
      clone.voice?.voiceId ?? null,
      clone.viewSources,
      clone.toneFeedback,
      clone.phoneNumber,
      JSON.stringify(clone.socials),
      JSON.stringify(clone.orgs),
      JSON.stringify(clone.options),
      JSON.stringify(clone.monetization),
      JSON.stringify(toMemberships(clone)),
      JSON.stringify(clone.voice),
      // NULL (not JSON null) without a list: the column's "no clone-level list".
      clone.embed ? JSON.stringify(clone.embed.allowedOrigins) : null,
      clone.affiliateUrl,
      JSON.stringify(clone.products),
    ],
  );
  const [row] = z.array(z.object({ id: z.string(), created: z.boolean() })).parse(rows);
  if (!row) throw new Error(`Upserting clone ${clone.slug} answered no row`);
  return row;
}

async function syncInstancesAndQuestions(tx: Queryable, cloneId: string, folder: CloneFolder): Promise<void> {
  const slugs: string[] = [];
  for (const instance of folder.clone.instances) {
    const image = folder.instanceImages.get(instance.slug);
    const imageUrl = image ? await storeMedia(tx, image) : instance.imageUrl;
    await tx.query(
      `INSERT INTO clone_instances (clone_id, slug, name, image_url) VALUES ($1, $2, $3, $4)
       ON CONFLICT (clone_id, slug) DO UPDATE SET name = excluded.name, image_url = excluded.image_url`,
      [cloneId, instance.slug, instance.name, imageUrl],
    );
    slugs.push(instance.slug);
  }
  await tx.query('DELETE FROM clone_instances WHERE clone_id = $1 AND NOT (slug = ANY ($2::text[]))', [
    cloneId,
    slugs,
  ]);
  await tx.query('DELETE FROM suggested_questions WHERE clone_id = $1', [cloneId]);
  if (folder.clone.suggestedQuestions.length > 0) {
    await tx.query(
      `INSERT INTO suggested_questions (clone_id, position, question)
       SELECT $1, q.ordinality - 1, q.question FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS q(question, ordinality)`,
      [cloneId, JSON.stringify(folder.clone.suggestedQuestions)],
    );
  }
}

async function insertChunks(
  tx: Queryable,
  cloneId: string,
  documentId: string,
  document: KnowledgeDocument,
): Promise<void> {
  const chunks = chunkParagraphs(document.paragraphs);
  await tx.query(
    `INSERT INTO chunks (clone_id, document_id, position, text, timestamp_ms, moments)
     SELECT $1, $2, c.position, c.text, c.timestamp_ms, c.moments
     FROM jsonb_to_recordset($3::jsonb) AS c(position int, text text, timestamp_ms int, moments jsonb)`,
    [
      cloneId,
      documentId,
      JSON.stringify(
        chunks.map((c) => ({
          position: c.position,
          text: c.text,
          timestamp_ms: c.timestampMs,
          moments: c.moments,
        })),
      ),
    ],
  );
  await addDocumentTerms(tx, cloneId, documentId);
}

async function syncDocuments(
  tx: Queryable,
  cloneId: string,
  folder: CloneFolder,
): Promise<ImportResult['documents']> {
  const counts = { added: 0, updated: 0, removed: 0, unchanged: 0 };
  const existing = z
    .array(z.object({ id: z.string(), path: z.string(), content_hash: z.string() }))
    .parse(await tx.query('SELECT id, path, content_hash FROM documents WHERE clone_id = $1', [cloneId]));
  const byPath = new Map(existing.map((row) => [row.path, row]));
  for (const document of folder.documents) {
    const hash = documentHash(document);
    const old = byPath.get(document.path);
    byPath.delete(document.path);
    if (old?.content_hash === hash) {
      counts.unchanged += 1;
      continue;
    }
    let documentId: string;
    if (old) {
      await removeDocumentTerms(tx, cloneId, old.id);
      await tx.query('DELETE FROM chunks WHERE document_id = $1', [old.id]);
      await tx.query(
        'UPDATE documents SET title = $2, type = $3, url = $4, content_hash = $5 WHERE id = $1',
        [old.id, document.title, document.type, document.url, hash],
      );
      documentId = old.id;
      counts.updated += 1;
    } else {
      const rows = await tx.query(
        'INSERT INTO documents (clone_id, path, title, type, url, content_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [cloneId, document.path, document.title, document.type, document.url, hash],
      );
      documentId = IdRow.parse(rows[0]).id;
      counts.added += 1;
    }
    await insertChunks(tx, cloneId, documentId, document);
  }
  for (const gone of byPath.values()) {
    await removeDocumentTerms(tx, cloneId, gone.id);
    await tx.query('DELETE FROM documents WHERE id = $1', [gone.id]);
    counts.removed += 1;
  }
  if (counts.added + counts.updated + counts.removed > 0) await updateChunkCount(tx, cloneId);
  return counts;
}

/** Imports an already loaded folder (see `loadCloneFolder`). */
export async function importCloneFolder(db: Db, folder: CloneFolder): Promise<ImportResult> {
  const result = await db.transaction(async (tx) => {
    const clone = await upsertClone(tx, folder);
    await syncInstancesAndQuestions(tx, clone.id, folder);
    const documents = await syncDocuments(tx, clone.id, folder);
    return { cloneId: clone.id, slug: folder.clone.slug, created: clone.created, documents };
  });
  const { added, updated, removed } = result.documents;
  if (added + updated + removed > 0) await refreshSearchIndex(db);
  return result;
}

/** Creates or updates the clone in folder `dir`; throws `CloneFolderError` for a bad folder. */
export async function importClone(db: Db, dir: string): Promise<ImportResult> {
  return importCloneFolder(db, await loadCloneFolder(dir));
}

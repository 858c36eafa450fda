/**
 * @module The search behind every answer, local or LLM (DESIGN §3, issue 8): the question with
 * its synonyms ("adhesive" also finds "glue", "color" finds "colour"), and, for a question
 * about the creator's own life, their biography documents first: the documents whose title
 * says "About", "Bio", "My story" or "Interview", or names the creator in full, and their social posts.
 */
import type { Queryable } from '@doppel/db';
import { z } from 'zod';
import { withoutAbsent } from '../text/absent-terms';
import { paraphrased, synonymOf, withSynonyms } from '../text/synonyms';
import { contentTerms } from '../text/terms';
import { type Passage, PassageRow, type Retrieval, retrieveWithTerms, toPassage } from './retrieve';

/** The first chunk of each document (`d`) with the chunk after it, as passage rows (`PassageRow`). */
const OPENINGS = `SELECT c.id, c.text, c.timestamp_ms, c.moments, c.position, d.id AS document_id, d.title, d.type,
    d.url, 0::float8 AS rank, n.id AS next_id, n.text AS next_text, n.timestamp_ms AS next_timestamp_ms
  FROM documents d JOIN chunks c ON c.document_id = d.id AND c.position = 0
  LEFT JOIN chunks n ON n.document_id = d.id AND n.position = 1`;

/**
 * The openings of the creator's biography documents, for a question about their life that
 * names nothing their knowledge uses ("what did you do before you became a baker?"): an About
 * page says who they are in its first lines. Indexed lookups by document, at most `$4` rows.
 */
const BIOGRAPHY_OPENINGS_SQL = `${OPENINGS}
  WHERE d.clone_id = $1 AND d.title ~* $2 AND NOT (d.type = ANY($3::text[]))
  ORDER BY d.created_at, d.path LIMIT $4`;

/**
 * The openings of documents `$1`: a post titled as the question ("How Often Should a Piano Be
 * Tuned?") gives its short answer first, and its later sections share the question's words as much.
 */
const DOCUMENT_OPENINGS_SQL = `${OPENINGS}
  WHERE d.id = ANY($1::uuid[])`;

export interface SearchOptions {
  /** Passages answered at most (default 6). */
  limit?: number;
  /** The question is about the creator's life and past: biography documents rank first. */
  aboutCreator?: boolean;
  /**
   * It asks what the creator did before (their former job), or how they began: the biography's
   * opening lines count.
   */
  earlier?: boolean;
}

/** The creator's own posts: where they say what they did, what they like, what happened to them. */
const PERSONAL_TYPES = ['instagram', 'twitter', 'facebook', 'linkedin'];
/** Biography passages looked at, at most. */
const BIOGRAPHY_PASSAGES = 3;
/**
 * Passages of one document answered at most: a long document cut into many sections would
 * otherwise fill every place with its own passages and hide the one document that answers.
 */
export const PASSAGES_PER_DOCUMENT = 5;
/** Passages ranked per passage answered, so that a few per document still leave enough. */
const OVERFETCH = 2;

/** `passages` (best first), at most `PASSAGES_PER_DOCUMENT` of each document, at most `limit`. */
export function fewPerDocument(passages: readonly Passage[], limit: number): Passage[] {
  const taken = new Map<string, number>();
  return passages
    .filter((p) => {
      const n = taken.get(p.documentId) ?? 0;
      taken.set(p.documentId, n + 1);
      return n < PASSAGES_PER_DOCUMENT;
    })
    .slice(0, limit);
}

/**
 * `passages` with the opening of each document that filled its share (PASSAGES_PER_DOCUMENT)
 * without it, after that document's last passage; at most `limit`.
 */
async function withOpenings(db: Queryable, passages: Passage[], limit: number): Promise<Passage[]> {
  const count = new Map<string, number>();
  for (const p of passages) count.set(p.documentId, (count.get(p.documentId) ?? 0) + 1);
  const full = [...count].filter(
    ([id, n]) => n >= PASSAGES_PER_DOCUMENT && !passages.some((p) => p.documentId === id && p.position === 0),
  );
  if (full.length === 0) return passages;
  const openings = z
    .array(PassageRow)
    .parse(await db.query(DOCUMENT_OPENINGS_SQL, [full.map(([id]) => id)]))
    .map(toPassage);
  const out = [...passages];
  for (const opening of openings) {
    const last = out.findLastIndex((p) => p.documentId === opening.documentId);
    out.splice(last + 1, 0, opening);
  }
  return out.slice(0, limit);
}

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** A POSIX regular expression matching the titles of the creator's biography documents. */
export function biographyTitlePattern(cloneName: string): string {
  const name = cloneName.trim().replace(/\s+/g, ' ');
  const words = ['about', 'bio', 'biography', 'my story', 'who i am', 'interview'];
  if (name.includes(' ')) words.push(escapeRegex(name));
  return `\\m(${words.join('|')})\\M`;
}

/** The passages that answer `query` for clone `clone`, best first, with the query's term frequencies. */
export async function searchKnowledge(
  db: Queryable,
  clone: { id: string; name: string },
  query: string,
  options: SearchOptions = {},
): Promise<Retrieval> {
  const limit = options.limit ?? 6;
  // "25s" is the number 25 to a reader; PostgreSQL would keep it as the word "25s".
  // "without glue" is a condition, not the subject: passages about glue do not answer it.
  const plain = withoutAbsent(paraphrased(query))
    .replace(/\b(\d+)s\b/g, '$1')
    .replace(/(\d)(mm|cm|km|kg|psi|ml|rpm)\b/gi, '$1 $2');
  const terms = contentTerms(plain);
  const expanded = withSynonyms(plain, terms);
  const synonyms = synonymOf(terms);
  const found = await retrieveWithTerms(db, clone.id, expanded, {
    limit: limit * OVERFETCH,
    synonymOf: synonyms,
  });
  const main = { ...found, passages: await withOpenings(db, fewPerDocument(found.passages, limit), limit) };
  if (!options.aboutCreator) return main;
  // The best biography passages come first, then the rest of the knowledge.
  const biography = await retrieveWithTerms(db, clone.id, expanded, {
    limit: BIOGRAPHY_PASSAGES,
    synonymOf: synonyms,
    biography: { titlePattern: biographyTitlePattern(clone.name), types: PERSONAL_TYPES },
  });
  // Their biography's opening lines too when what came before is asked ("What did you do for
  // work before the bees?"): an About page says it first, in words the question may not share.
  const openings =
    biography.passages.length > 0 && !options.earlier
      ? []
      : z
          .array(PassageRow)
          .parse(
            await db.query(BIOGRAPHY_OPENINGS_SQL, [
              clone.id,
              biographyTitlePattern(clone.name),
              PERSONAL_TYPES,
              BIOGRAPHY_PASSAGES,
            ]),
          )
          .map(toPassage);
  const byChunk = new Map<number, Passage>();
  for (const p of [...biography.passages, ...openings, ...main.passages])
    if (!byChunk.has(p.chunkId)) byChunk.set(p.chunkId, p);
  return { ...main, passages: [...byChunk.values()].slice(0, limit) };
}

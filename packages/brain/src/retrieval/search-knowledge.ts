/**
 * @module The search behind every answer, local or LLM (DESIGN §3, issue 8): the question with
 * its synonyms ("adhesive" also finds "glue", "color" finds "colour"), and, for a question
 * about the creator's own life, their biography documents first: the documents whose title
 * says "About", "Bio", "My story" or "Interview", or names the creator in full, and their social posts.
 */
import type { Queryable } from '@doppel/db';
import { withSynonyms } from '../text/synonyms';
import { contentTerms } from '../text/terms';
import { type Passage, type Retrieval, retrieveWithTerms } from './retrieve';

export interface SearchOptions {
  /** Passages answered at most (default 6). */
  limit?: number;
  /** The question is about the creator's life and past: biography documents rank first. */
  aboutCreator?: boolean;
}

/** A biography passage's rank is multiplied by this against the clone's other passages. */
const BIOGRAPHY_BOOST = 1.6;
/** The creator's own posts: where they say what they did, what they like, what happened to them. */
const PERSONAL_TYPES = ['instagram', 'twitter', 'facebook', 'linkedin'];
/** Biography passages looked at, at most. */
const BIOGRAPHY_PASSAGES = 6;

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
  const plain = query.replace(/\b(\d+)s\b/g, '$1');
  const expanded = withSynonyms(plain, contentTerms(plain));
  const main = await retrieveWithTerms(db, clone.id, expanded, { limit });
  if (!options.aboutCreator) return main;
  // Ranks of one query are comparable across these two calls: the same plan weighs them.
  const biography = await retrieveWithTerms(db, clone.id, expanded, {
    limit: BIOGRAPHY_PASSAGES,
    biography: { titlePattern: biographyTitlePattern(clone.name), types: PERSONAL_TYPES },
  });
  const byChunk = new Map<number, Passage>();
  for (const p of biography.passages) byChunk.set(p.chunkId, { ...p, rank: p.rank * BIOGRAPHY_BOOST });
  for (const p of main.passages) if (!byChunk.has(p.chunkId)) byChunk.set(p.chunkId, p);
  const passages = [...byChunk.values()].sort((a, b) => b.rank - a.rank).slice(0, limit);
  return { ...main, passages };
}

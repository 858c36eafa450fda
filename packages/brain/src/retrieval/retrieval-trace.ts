/** @module The retrieval behind an answer as the staff debug dialog shows it (issue 10 §6). */
import { type AnswerRetrieval, RETRIEVED_EXCERPT_LENGTH } from '@doppel/protocol';
import type { Passage } from './retrieve';

/** `passages` (best first) searched for `query`, each with its rank and opening. */
export function retrievalTrace(query: string, passages: readonly Passage[]): AnswerRetrieval {
  return {
    source: 'knowledge',
    query,
    passages: passages.map((p) => ({
      documentId: p.documentId,
      documentTitle: p.documentTitle,
      documentType: p.documentType,
      rank: p.rank,
      excerpt:
        p.text.length > RETRIEVED_EXCERPT_LENGTH
          ? `${p.text.slice(0, RETRIEVED_EXCERPT_LENGTH - 1)}…`
          : p.text,
    })),
  };
}

/**
 * @module The staff debug dialog's data (issue 10 §6, spec/chat.md §6, §8): one message as stored,
 * its citations and files, and the retrieval behind a clone answer.
 */
import { z } from 'zod';
import { Citation, CitationType, Sender } from './conversation';

/** One passage retrieval found for an answer, best first. */
export const RetrievedPassage = z.object({
  documentId: z.string(),
  documentTitle: z.string(),
  documentType: CitationType,
  /** Higher is more relevant; comparable within one answer only. */
  rank: z.number(),
  /** The passage's opening (at most RETRIEVED_EXCERPT_LENGTH characters). */
  excerpt: z.string(),
});
export type RetrievedPassage = z.infer<typeof RetrievedPassage>;

/** Longest passage opening kept with an answer for the debug dialog. */
export const RETRIEVED_EXCERPT_LENGTH = 280;

/**
 * How an answer was made: `knowledge` (retrieval, then the local composer or the LLM),
 * `creator-answer` (a creator's revised answer matched), `profile` (a greeting or "who are you").
 */
export const AnswerRetrieval = z.object({
  source: z.enum(['knowledge', 'creator-answer', 'profile']),
  /** What was searched (the question, or it read with the one it follows up). */
  query: z.string(),
  passages: z.array(RetrievedPassage),
});
export type AnswerRetrieval = z.infer<typeof AnswerRetrieval>;

/** GET /api/messages/:id/debug (staff only). */
export const MessageDebug = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: Sender,
  /** ISO-8601. */
  createdAt: z.string(),
  text: z.string(),
  fromStudio: z.boolean(),
  citations: z.array(Citation),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Null for user messages and answers stored before retrieval was kept. */
  retrieval: AnswerRetrieval.nullable(),
});
export type MessageDebug = z.infer<typeof MessageDebug>;

/**
 * @module The brain's contract with the server: answer a question as a clone, streaming
 * tokens, ending with the full text and the citations its [n] markers point at.
 */
import type { AnswerRetrieval, CitationType } from '@doppel/protocol';
import type { Passage } from './retrieval/retrieve';

/** What the brain needs to know about the clone it speaks as. */
export interface CloneForBrain {
  id: string;
  slug: string;
  name: string;
  headline: string;
  description: string;
  suggestedQuestions: string[];
}

/** One earlier turn of the conversation, oldest first. */
export interface HistoryTurn {
  sender: 'USER' | 'CLONE';
  text: string;
}

/** A source of an answer, before it is stored as a message citation. */
export interface CitationDraft {
  /** The number of its `[n]` marker (1-based, unique within the answer). */
  position: number;
  /** True when the answer text carries its marker; false for sources that were only relevant. */
  used: boolean;
  documentId: string;
  documentTitle: string;
  title: string;
  /** The passage quoted. */
  text: string;
  url: string | null;
  /** Milliseconds into the media for transcripts. */
  timestampMs: number | null;
  type: CitationType;
}

/** Events of one answer, in order: tokens, then exactly one `done`. */
export type AnswerEvent =
  | { type: 'token'; token: string }
  | {
      type: 'done';
      text: string;
      citations: CitationDraft[];
      /** How the answer was found, kept with it for the staff debug dialog (issue 10 §6). */
      retrieval?: AnswerRetrieval;
    };

/**
 * The files attached to this conversation (issue 10 §4): their passages most relevant to a query,
 * best first, cited as `file` sources. Answers read them before the clone's own knowledge.
 */
export interface AttachedFiles {
  search(query: string, limit: number): Promise<Passage[]>;
}

export interface AnswerInput {
  clone: CloneForBrain;
  question: string;
  history: HistoryTurn[];
  /** Files the visitor attached to this conversation, when there are any. */
  attachments?: AttachedFiles;
  /** The creators' notes on the clone's speaking style, oldest first (issue 10 §5). */
  toneFeedback?: readonly string[];
  /** Aborted when the listener has gone; the brain stops work (and any LLM request) then. */
  signal?: AbortSignal;
}

export interface Brain {
  /** Answers `question` as `clone`; throws (or the generator throws) on failure. */
  answer(input: AnswerInput): AsyncGenerator<AnswerEvent, void, undefined>;
}

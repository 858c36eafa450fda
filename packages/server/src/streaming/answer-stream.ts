/**
 * @module One answer: the brain's tokens the moment they come, then the stored clone message
 * (or an error event), written into the stream relay (stream-relay.ts), which numbers them,
 * keeps them for a resumed connection and sends them with keep-alive comments.
 *
 * What is stored, by outcome (the visitor's message is already stored before this runs):
 * - complete answer: the clone message with its citations and `hasSources`;
 * - the listener leaves mid-answer (DESIGN §4): the answer goes on and is stored whole; the
 *   listener may resume it on any process (issue 14 §2);
 * - the process dies mid-answer: another process ends it (`takeOverAnswer`) with the text
 *   produced so far, stored with `interrupted: true` and no citations (the brain hands them
 *   over only with its last event), or an error event when no token was produced;
 * - the visitor pressed Stop (POST /api/conversations/:id/stop, store/stop-answer.ts): the
 *   answer is stored cut to what the visitor saw, whichever of the two comes first;
 * - the brain fails or stays silent for STREAM_IDLE_TIMEOUT_MS: an error event, nothing
 *   stored for the clone, so a reload shows the question unanswered, as the visitor saw it.
 */
import type { AnswerEvent, AnswerInput, Brain } from '@doppel/brain';
import type { AffiliateProduct } from '@doppel/core';
import { behindRequests, type Db, isTransientDatabaseError, queryPriority } from '@doppel/db';
import { STREAM_IDLE_TIMEOUT_MS } from '@doppel/protocol';
import type { Logger } from '../logger';
import { toMessage } from '../mappers/message';
import { findStreamBrainInput, type StreamEventRow, storeStreamAnswer } from '../store/answer-streams';
import { flushed } from './sse';
import type { StreamWriter } from './stream-relay';

/** The error text of a failed answer (spec/chat.md §8 'Failed to process message.'). */
export const ANSWER_FAILED = 'Failed to process message.';

export interface AnswerStreamOptions {
  db: Db;
  brain: Brain;
  logger: Logger;
  idleTimeoutMs?: number;
  conversationId: string;
  /** The visitor's message this answers (a stop that waits for it names it). */
  userMessageId: string;
  input: Omit<AnswerInput, 'signal'>;
  /** The clone's products: the stored answer carries those it mentions (messageAffiliates). */
  products?: readonly AffiliateProduct[];
}

export type RunAnswerOptions = AnswerStreamOptions & {
  writer: StreamWriter;
  /**
   * The text already sent by a process that died (a take-over): the brain answers again, its
   * tokens up to this text are not sent twice, and an answer that does not begin with it
   * throws `AnswerDiverged` before anything is written.
   */
  alreadySent?: string;
};

/** The answers this process is writing: a shutdown lets them end before it closes the database. */
const writing = new Set<Promise<void>>();

/**
 * Resolves once every answer this process is writing has ended, or after `ms`: a shutdown that
 * closed the database under them would cut them short (issue 14 §4: a process stopped for a
 * deploy ends what it started; only a killed one leaves its answers to a take-over).
 */
export async function answersEnded(ms: number): Promise<void> {
  if (writing.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...writing]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Runs the brain for one accepted message and writes its answer into `writer` (issue 14 §2:
 * written before any listener sees it, so a dropped listener resumes from the database). A
 * listener leaving does not stop the answer: it may come back on any process. The answer stops
 * when the brain fails or stays silent, or when another process took the stream over.
 */
export function runAnswer(options: RunAnswerOptions): Promise<void> {
  const answer = writeAnswer(options);
  writing.add(answer);
  void answer.catch(() => undefined).finally(() => writing.delete(answer));
  return answer;
}

async function writeAnswer(options: RunAnswerOptions): Promise<void> {
  const { db, brain, logger, conversationId, userMessageId, writer, products = [] } = options;
  const stream = { id: writer.streamId, holder: writer.holder };
  const abort = new AbortController();
  const idleMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(new Error(`No answer for ${idleMs} ms`)), idleMs);
  };
  const onLost = () => abort.abort(writer.lost.reason);
  writer.lost.addEventListener('abort', onLost, { once: true });
  let events = brain.answer({ ...options.input, signal: abort.signal });
  let next = nextOrAbort(events, abort.signal);
  let skip = options.alreadySent ?? null;
  let again = '';
  let handedOver = false;
  let pushed = false;
  let retryMs = 250;
  try {
    armIdle();
    let done: Extract<AnswerEvent, { type: 'done' }> | null = null;
    while (!done) {
      let step: IteratorResult<AnswerEvent, void>;
      try {
        step = await next();
      } catch (error) {
        // The database went away before anything was sent (a restart, issue 14 §4): the brain
        // asks again once it is back, within the idle timeout, instead of failing the answer.
        if (pushed || abort.signal.aborted || !isTransientDatabaseError(error)) throw error;
        logger.warn(`answer in conversation ${conversationId}: the database is away, asking again`);
        void events.return(undefined).catch(() => undefined);
        await sleepUnlessAborted(retryMs, abort.signal);
        retryMs = Math.min(retryMs * 2, 2_000);
        events = brain.answer({ ...options.input, signal: abort.signal });
        next = nextOrAbort(events, abort.signal);
        skip = options.alreadySent ?? null;
        again = '';
        continue;
      }
      if (step.done) throw new Error('The brain ended without an answer');
      armIdle();
      if (step.value.type === 'done') done = step.value;
      else {
        let token = step.value.token;
        if (skip !== null) {
          // Taking over: what the dead process sent is not sent again.
          again += token;
          if (again.length <= skip.length) {
            if (!skip.startsWith(again)) throw new AnswerDiverged();
            continue;
          }
          if (!again.startsWith(skip)) throw new AnswerDiverged();
          token = again.slice(skip.length);
          skip = null;
        }
        writer.push({ type: 'token', token });
        pushed = true;
        await flushed();
      }
    }
    if (skip !== null && done.text !== skip) throw new AnswerDiverged();
    clearTimeout(idle);
    // A stop that came first (issue 9 §6) cuts the answer to what the visitor saw. Stored behind
    // the sends that wait for their first token (issue 14 §6).
    const stored = await queryPriority.run(behindRequests(), () =>
      storeStreamAnswer(db, stream, {
        conversationId,
        userMessageId,
        ...done,
        interrupted: false,
        products,
      }),
    );
    if (stored.status !== 'lost' && stored.message)
      writer.push({ type: 'message', message: toMessage(stored.message) });
  } catch (error) {
    void events.return(undefined).catch(() => undefined);
    if (error instanceof AnswerDiverged) {
      handedOver = true; // the caller ends the stream with what was sent
      throw error;
    }
    if (!writer.lost.aborted) {
      logger.error(`answer in conversation ${conversationId} failed`, error);
      writer.push({ type: 'error', error: ANSWER_FAILED });
    }
  } finally {
    clearTimeout(idle);
    writer.lost.removeEventListener('abort', onLost);
    if (!handedOver) await writer.end();
  }
}

/** Waits `ms`, or less when `signal` aborts (the next step then fails with its reason). */
const sleepUnlessAborted = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** A take-over's new answer does not begin with what was already sent (an LLM's answers vary). */
export class AnswerDiverged extends Error {}

/**
 * Ends a stream whose writer died (its process was killed). When the brain's input was kept, the
 * brain answers again and the stream goes on from the tokens already sent (the local brain
 * answers the same way twice); an answer that begins otherwise (an LLM's), or no kept input,
 * ends it from what was written: the tokens sent, stored as an answer cut short
 * (`interrupted`), else the failure event. The answer is stored once, whichever process stores
 * it (`storeStreamAnswer`), and nothing is charged again: the charge went with the message.
 */
export async function takeOverAnswer(options: {
  db: Db;
  brain: Brain;
  logger: Logger;
  writer: StreamWriter;
  conversationId: string;
  userMessageId: string;
  written: readonly StreamEventRow[];
  attachments: AnswerInput['attachments'];
}): Promise<void> {
  const { db, brain, logger, writer, conversationId, userMessageId, written } = options;
  if (written.some((row) => row.event.type !== 'token')) return writer.end();
  const text = written.map((row) => (row.event.type === 'token' ? row.event.token : '')).join('');
  const kept = await findStreamBrainInput(db, writer.streamId);
  if (kept) {
    const { products, ...input } = kept;
    try {
      return await runAnswer({
        db,
        brain,
        logger,
        writer,
        conversationId,
        userMessageId,
        input: { ...input, ...(options.attachments && { attachments: options.attachments }) },
        products,
        alreadySent: text,
      });
    } catch (error) {
      if (!(error instanceof AnswerDiverged)) throw error;
      logger.warn(`stream ${writer.streamId}: the answer asked again differs; ending it with what was sent`);
    }
  }
  try {
    const stored = text
      ? await storeStreamAnswer(
          db,
          { id: writer.streamId, holder: writer.holder },
          { conversationId, userMessageId, text, citations: [], interrupted: true },
        )
      : null;
    if (stored?.status === 'lost') return;
    if (stored?.message) writer.push({ type: 'message', message: toMessage(stored.message) });
    else if (!stored) writer.push({ type: 'error', error: ANSWER_FAILED });
  } finally {
    await writer.end();
  }
}

/**
 * `events.next()` that rejects as soon as `signal` aborts, even while the brain is stuck in
 * an await that does not watch the signal: a stalled brain cannot hold a stream open.
 */
function nextOrAbort(
  events: AsyncGenerator<AnswerEvent, void, undefined>,
  signal: AbortSignal,
): () => Promise<IteratorResult<AnswerEvent, void>> {
  let rejectPending: ((reason: unknown) => void) | null = null;
  signal.addEventListener('abort', () => rejectPending?.(signal.reason), { once: true });
  return () =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      rejectPending = reject;
      events.next().then(resolve, reject);
    });
}

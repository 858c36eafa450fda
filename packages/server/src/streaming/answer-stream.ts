/**
 * @module One answer as an SSE body: the brain's tokens the moment they come, then the
 * stored clone message (or an error event), with keep-alive comments while it is open.
 *
 * What is stored, by outcome (the visitor's message is already stored before this runs):
 * - complete answer: the clone message with its citations and `hasSources`;
 * - the listener leaves mid-answer (DESIGN §4): the brain is aborted; the text produced so
 *   far is stored with `interrupted: true` and no citations (the brain hands them over only
 *   with its last event), or nothing when no token was produced;
 * - the visitor pressed Stop (POST /api/conversations/:id/stop, store/stop-answer.ts): the
 *   answer is stored cut to what the visitor saw, whichever of the two comes first;
 * - the brain fails or stays silent for STREAM_IDLE_TIMEOUT_MS: an error event, nothing
 *   stored for the clone, so a reload shows the question unanswered, as the visitor saw it.
 */
import type { AnswerEvent, AnswerInput, Brain } from '@doppel/brain';
import type { AffiliateProduct } from '@doppel/core';
import type { Db } from '@doppel/db';
import { STREAM_IDLE_TIMEOUT_MS } from '@doppel/protocol';
import type { Logger } from '../logger';
import { toMessage } from '../mappers/message';
import { storeAnswer } from '../store/stop-answer';
import { KEEP_ALIVE, sseEvent } from './sse';
import { TokenWriter } from './token-writer';

/** The error text of a failed answer (spec/chat.md §8 'Failed to process message.'). */
export const ANSWER_FAILED = 'Failed to process message.';

export interface AnswerStreamOptions {
  db: Db;
  brain: Brain;
  logger: Logger;
  keepAliveMs: number;
  idleTimeoutMs?: number;
  conversationId: string;
  /** The visitor's message this answers (a stop that waits for it names it). */
  userMessageId: string;
  input: Omit<AnswerInput, 'signal'>;
  /** The clone's products: the stored answer carries those it mentions (messageAffiliates). */
  products?: readonly AffiliateProduct[];
}

const encoder = new TextEncoder();

export function answerStream(options: AnswerStreamOptions): ReadableStream<Uint8Array> {
  const { db, brain, logger, conversationId, userMessageId, products = [] } = options;
  const abort = new AbortController();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const idleMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;

  const send = (text: string) => {
    if (open) controller.enqueue(encoder.encode(text));
  };
  // Tokens leave coalesced, in fair turns; every other event first flushes the tokens before it.
  const tokens = new TokenWriter(send);
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(new Error(`No answer for ${idleMs} ms`)), idleMs);
  };
  const finish = () => {
    clearInterval(keepAlive);
    clearTimeout(idle);
    if (!open) return;
    open = false;
    controller.close();
  };

  async function run(): Promise<void> {
    const events = brain.answer({ ...options.input, signal: abort.signal });
    const next = nextOrAbort(events, abort.signal);
    let partial = '';
    try {
      armIdle();
      let done: Extract<AnswerEvent, { type: 'done' }> | null = null;
      while (!done) {
        const step = await next();
        if (step.done) throw new Error('The brain ended without an answer');
        armIdle();
        if (step.value.type === 'done') done = step.value;
        else {
          partial += step.value.token;
          await tokens.add(sseEvent({ type: 'token', token: step.value.token }));
        }
      }
      clearTimeout(idle);
      tokens.flush();
      // A stop that came first (issue 9 §6) cuts the answer to what the visitor saw.
      const stored = await storeAnswer(db, {
        conversationId,
        userMessageId,
        ...done,
        interrupted: false,
        products,
      });
      if (stored) send(sseEvent({ type: 'message', message: toMessage(stored) }));
    } catch (error) {
      void events.return(undefined).catch(() => undefined);
      if (!open && partial) {
        // The listener left: keep what it saw, marked as cut short.
        await storeAnswer(db, {
          conversationId,
          userMessageId,
          text: partial,
          citations: [],
          interrupted: true,
          products,
        }).catch((e) => logger.error(`storing the interrupted answer in ${conversationId} failed`, e));
      } else if (open) {
        tokens.flush();
        logger.error(`answer in conversation ${conversationId} failed`, error);
        send(sseEvent({ type: 'error', error: ANSWER_FAILED }));
      }
    } finally {
      finish();
    }
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      keepAlive = setInterval(() => {
        tokens.flush();
        send(KEEP_ALIVE);
      }, options.keepAliveMs);
      void run();
    },
    cancel(reason) {
      // The HTTP response closed before the answer ended: stop the brain (and its LLM request).
      open = false;
      clearInterval(keepAlive);
      abort.abort(reason ?? new Error('The listener left'));
    },
  });
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

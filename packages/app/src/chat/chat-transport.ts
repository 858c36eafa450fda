/**
 * @module How a message reaches the clone and its answer comes back, kept apart from the chat's
 * state so another medium (a call, dictation) can plug in its own: for text, the answer stream
 * (POST /api/clone/talk/messages/stream, DESIGN §4).
 */
import { BOT_CHECK_FAILED, type StreamEvent, type StreamRequest } from '@doppel/protocol';
import { type ApiClient, ApiError, openMessageStream } from '../api';
import type { BotCheck } from '../services/bot-check';
import { readStreamEvents } from './sse-reader';

export interface TransportHandlers {
  /** The server accepted the message (spec: stored before the first token). */
  onAccepted(): void;
  /** Something arrived (keep-alives too): the idle timer restarts. */
  onActivity(): void;
  onEvent(event: StreamEvent): void;
}

export interface ChatTransport {
  /**
   * Sends the visitor's message and reads the answer until it ends. A refusal before any event
   * (402 for usage enforcement, other 4xx) throws an `ApiError`; aborting `signal` rejects with
   * its reason.
   */
  send(request: StreamRequest, handlers: TransportHandlers, signal: AbortSignal): Promise<void>;
}

/** The text chat's transport over `openStream` (the API's answer stream by default). */
export function createTextStreamTransport(
  openStream: (request: StreamRequest, signal: AbortSignal) => Promise<Response>,
): ChatTransport {
  return {
    async send(request, handlers, signal) {
      const response = await openStream(request, signal);
      handlers.onActivity();
      if (!response.body) throw new Error('The server sent an empty stream.');
      handlers.onAccepted();
      await readStreamEvents(response.body, handlers, signal);
    },
  };
}

/**
 * The text chat's transport through `api`. On the full site each send carries the bot check's
 * token; one the server refuses (expired, or the browser's visitor changed) is replaced once.
 */
export function textStreamTransport(api: ApiClient, botCheck: BotCheck | null = null): ChatTransport {
  const open = async (request: StreamRequest, signal: AbortSignal) =>
    openMessageStream(
      api,
      botCheck ? { ...request, message: { ...request.message, botToken: await botCheck.token() } } : request,
      signal,
    );
  return createTextStreamTransport(async (request, signal) => {
    try {
      return await open(request, signal);
    } catch (error) {
      if (!botCheck || !(error instanceof ApiError) || error.message !== BOT_CHECK_FAILED) throw error;
      botCheck.forget();
      return open(request, signal);
    }
  });
}

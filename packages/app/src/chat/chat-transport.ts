/**
 * @module How a message reaches the clone and its answer comes back, kept apart from the chat's
 * state so another medium (a call, dictation) can plug in its own: for text, the answer stream
 * (POST /api/clone/talk/messages/stream, DESIGN §4).
 */
import { BOT_CHECK_FAILED, STREAM_ID_HEADER, type StreamEvent, type StreamRequest } from '@doppel/protocol';
import { type ApiClient, ApiError, openMessageStream, resumeMessageStream } from '../api';
import type { BotCheck } from '../services/bot-check';
import { readStreamEvents, type StreamHandlers } from './sse-reader';

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

/** How many times a dropped answer stream is resumed before the chat gives up on it. */
export const STREAM_RESUME_ATTEMPTS = 6;
/** The wait before the first resume; doubled for each further one (0.25 s … 8 s). */
export const STREAM_RESUME_DELAY_MS = 250;

/** Resumes stream `streamId` after event `lastEventId` (issue 14 §2). */
export type ResumeStream = (streamId: string, lastEventId: number, signal: AbortSignal) => Promise<Response>;

const isNetworkFailure = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * The text chat's transport over `openStream` (the API's answer stream by default). Every send
 * carries its own stream id; when the connection drops before the answer's last event (a server
 * process killed, a phone changing networks), the transport resumes the stream from the last
 * event it received, on whichever process answers (`resumeStream`), and sending again with the
 * same id when even the send's answer was lost: the server keeps one message and one charge.
 */
export function createTextStreamTransport(
  openStream: (request: StreamRequest, signal: AbortSignal) => Promise<Response>,
  resumeStream: ResumeStream | null = null,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = delay,
): ChatTransport {
  return {
    async send(request, handlers, signal) {
      let streamId = request.streamId ?? crypto.randomUUID();
      // Resumed only when the server said the stream is resumable (it named it).
      let resumable = false;
      let lastEventId = 0;
      let ended = false;
      const reading: StreamHandlers = {
        onActivity: handlers.onActivity,
        onEvent(event) {
          if (event.type !== 'token') ended = true;
          handlers.onEvent(event);
        },
        onEventId(id) {
          lastEventId = id;
        },
      };
      let accepted = false;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const response =
            accepted && resumeStream
              ? await resumeStream(streamId, lastEventId, signal)
              : await openStream({ ...request, streamId }, signal);
          handlers.onActivity();
          if (!response.body) throw new Error('The server sent an empty stream.');
          if (!accepted) handlers.onAccepted();
          accepted = true;
          const named = response.headers.get(STREAM_ID_HEADER);
          if (named) streamId = named;
          resumable = named !== null;
          await readStreamEvents(response.body, reading, signal);
        } catch (error) {
          if (signal.aborted || !resumeStream || !isNetworkFailure(error)) throw error;
          if ((accepted && !resumable) || attempt >= STREAM_RESUME_ATTEMPTS) throw error;
        }
        if (ended || !resumeStream || (accepted && !resumable) || attempt >= STREAM_RESUME_ATTEMPTS) return;
        await wait(STREAM_RESUME_DELAY_MS * 2 ** attempt, signal);
      }
    },
  };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
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
  return createTextStreamTransport(
    async (request, signal) => {
      try {
        return await open(request, signal);
      } catch (error) {
        if (!botCheck || !(error instanceof ApiError) || error.message !== BOT_CHECK_FAILED) throw error;
        botCheck.forget();
        return open(request, signal);
      }
    },
    (streamId, lastEventId, signal) => resumeMessageStream(api, streamId, lastEventId, signal),
  );
}

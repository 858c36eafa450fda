/**
 * @module Reads a server-sent-events body with eventsource-parser: the `data` of each event, as
 * it completes. Loaded with the first answer (see sse-reader.ts), not with the chat.
 */
import { createParser } from 'eventsource-parser';

export interface SseDataHandlers {
  /** Called for every piece of the body that arrives, comments (keep-alives) included. */
  onActivity(): void;
  /** Called with each event's data, in order, with its `id:` when it has one. */
  onData(data: string, id: string | undefined): void;
}

/**
 * Reads `body` until it ends; a last event cut off before its blank line still counts. Aborting
 * `signal` cancels the body and rejects with the signal's reason.
 */
export async function readSseData(
  body: ReadableStream<Uint8Array>,
  handlers: SseDataHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createParser({ onEvent: (message) => handlers.onData(message.data, message.id) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      handlers.onActivity();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    // The end of the body ends the last event too, blank line or not.
    parser.feed(`${decoder.decode()}\n\n`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}

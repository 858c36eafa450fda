/**
 * @module Reads the answer stream (DESIGN §4: `data: {json}` events) with eventsource-parser;
 * each event's data is parsed with the protocol's StreamEvent.
 */
import { StreamEvent } from '@doppel/protocol';
import { createParser } from 'eventsource-parser';

export interface StreamHandlers {
  /** Called for every piece of the body that arrives, keep-alive comments included (the idle timer restarts on each). */
  onActivity(): void;
  /** Called for every well-formed event, in order. */
  onEvent(event: StreamEvent): void;
}

/**
 * Reads an SSE body until it ends. Comments (keep-alives) and data that does not parse as a
 * StreamEvent are skipped (a later event or the end of the stream decides the outcome); a last
 * event cut off before its blank line still counts. Aborting `signal` cancels the body and
 * rejects with the signal's reason.
 */
export async function readStreamEvents(
  body: ReadableStream<Uint8Array>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      const event = parseEvent(message.data);
      if (event) handlers.onEvent(event);
    },
  });
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

function parseEvent(json: string): StreamEvent | null {
  try {
    const parsed = StreamEvent.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

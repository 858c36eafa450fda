/**
 * @module Reads the answer stream (DESIGN §4: `data: {json}` events): each event's data parsed
 * with the protocol's StreamEvent. The SSE parsing itself (eventsource-parser) loads with the
 * first answer, or before when the page is idle (`preloadStreamReader`), so the embedded chat's
 * first load stays small.
 */
import { StreamEvent } from '@doppel/protocol';

export interface StreamHandlers {
  /** Called for every piece of the body that arrives, keep-alive comments included (the idle timer restarts on each). */
  onActivity(): void;
  /** Called for every well-formed event, in order. */
  onEvent(event: StreamEvent): void;
  /** Called after `onEvent` with the event's number in its stream, when the server numbered it. */
  onEventId?(id: number): void;
}

/** Loads the SSE parsing (once); call it when idle so the first answer need not wait for it. */
export function preloadStreamReader(): Promise<typeof import('./sse-data-reader')> {
  return import('./sse-data-reader');
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
  const { readSseData } = await preloadStreamReader();
  await readSseData(
    body,
    {
      onActivity: handlers.onActivity,
      onData(data, id) {
        const event = parseEvent(data);
        if (!event) return;
        handlers.onEvent(event);
        const seq = Number(id);
        if (id !== undefined && Number.isSafeInteger(seq) && seq > 0) handlers.onEventId?.(seq);
      },
    },
    signal,
  );
}

function parseEvent(json: string): StreamEvent | null {
  try {
    const parsed = StreamEvent.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

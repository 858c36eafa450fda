/** @module Server-sent events as the stream contract wants them (DESIGN §4). */
import type { StreamEvent } from '@doppel/protocol';

/** Headers of every answer stream; `X-Accel-Buffering` stops nginx-style proxies from buffering. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

/** A comment line clients ignore; it keeps proxies and idle timers from closing the stream. */
export const KEEP_ALIVE = ': keep-alive\n\n';

/** One event: exactly `data: {json}` and a blank line (JSON never holds a raw newline). */
export function sseEvent(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * Lets the event loop write what was enqueued. Node sends a response chunk on the next tick
 * (it corks the socket until then), and a brain or database that answers from promises alone
 * (the local brain over PGlite) never ends the microtask chain: without this, every token of an
 * answer would leave together with the last one. Answer streams yield here after each token; the
 * stream relay (stream-relay.ts) writes the tokens queued meanwhile as one batch.
 */
export const flushed = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

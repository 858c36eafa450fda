/** @module Reads the answer stream: `data: {json}` lines parsed with the protocol's StreamEvent. */
import { StreamEvent } from '@doppel/protocol';

export interface StreamHandlers {
  /** Called for every line, keep-alive comments included (the idle timer restarts on each). */
  onLine(): void;
  /** Called for every well-formed event, in order. */
  onEvent(event: StreamEvent): void;
}

/**
 * Reads an SSE body line by line until it ends. Lines starting with ':' are keep-alive
 * comments; blank lines end an event; `data:` lines carry one JSON StreamEvent each; lines
 * that do not parse are skipped (a later event or the end of the stream decides the
 * outcome). Aborting `signal` cancels the body and rejects with the signal's reason.
 */
export async function readStreamEvents(
  body: ReadableStream<Uint8Array>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let buffer = '';
  const handleLine = (line: string): void => {
    handlers.onLine();
    if (!line.startsWith('data:')) return;
    const event = parseEvent(line.slice(5).trim());
    if (event) handlers.onEvent(event);
  };
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r?\n/);
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
        handleLine(line);
        newline = buffer.search(/\r?\n/);
      }
    }
    buffer += decoder.decode();
    if (buffer !== '') handleLine(buffer);
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

/**
 * @module Server-sent events read from a fetch body with eventsource-parser: answers the `data`
 * of each event (its `data:` lines joined by newlines), as the events complete. Comments and
 * other fields are skipped.
 */
import { createParser } from 'eventsource-parser';

/**
 * The data of each event in `body`, in order; a last event cut off before its blank line still
 * counts. Cancels the body when the caller stops early.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const ready: string[] = [];
  const parser = createParser({ onEvent: (message) => ready.push(message.data) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // The end of the body ends the last event too, blank line or not.
      parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift() ?? '';
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

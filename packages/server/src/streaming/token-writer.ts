/**
 * @module How an answer's tokens leave the server (issue 14 §6): coalesced per stream, in fair
 * turns. The tokens a brain makes within one turn of the event loop leave as one chunk (one
 * socket write) instead of one write each; a stream whose brain keeps producing yields the
 * event loop after TOKEN_SLICE_MS of its own time, so other streams, static files and health
 * checks get their turn; the first token always leaves at once.
 */
import { flushed } from './sse';

/** How long one stream may keep the event loop before it lets others run (ms). */
export const TOKEN_SLICE_MS = 2;

export class TokenWriter {
  readonly #write: (text: string) => void;
  #pending = '';
  #scheduled = false;
  #sliceStarted = 0;
  #added = 0;

  /** `write` sends one chunk to the listener. */
  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  /**
   * Queues `text` (a token's SSE event) to leave with the next write, at the latest at the end
   * of this turn of the event loop. Resolves at once while the stream's slice lasts; after the
   * first token and once the slice is spent, only after a turn of the event loop (the queued
   * text is written first).
   */
  async add(text: string): Promise<void> {
    this.#pending += text;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
    const now = performance.now();
    if (this.#added++ === 0 || now - this.#sliceStarted >= TOKEN_SLICE_MS) {
      await flushed();
      this.#sliceStarted = performance.now();
    }
  }

  /** Writes what is queued now (before a final or error event, which must come after it). */
  flush(): void {
    this.#scheduled = false;
    if (!this.#pending) return;
    const text = this.#pending;
    this.#pending = '';
    this.#write(text);
  }
}

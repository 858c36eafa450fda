/**
 * @module Read aloud (spec/chat.md §4: idle, loading, playing, error), framework-neutral: one player
 * per app, so starting one message stops the other. The audio comes from POST /api/tts and plays in
 * one `<audio>` element; a browser that refuses to play says so (spec/chat.md §8).
 */
import { AUDIO_BLOCKED, type TtsRequest } from '@doppel/protocol';
import { batch, type ReadonlySignal, signal } from '@preact/signals-core';

export type ReadAloudPhase = 'idle' | 'loading' | 'playing' | 'error';

/** What the player plays through (an `<audio>` element in the app, a fake in tests). */
export interface AudioOutput {
  play(url: string): Promise<void>;
  stop(): void;
  /** Called once when playback reaches the end. */
  onEnded(listener: () => void): void;
}

export interface ReadAloudPlayerOptions {
  fetchSpeech(body: TtsRequest, signal: AbortSignal): Promise<Blob>;
  output: AudioOutput;
  notify: (message: string) => void;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
}

export const READ_ALOUD_FAILED = 'Read aloud failed.';

export function createReadAloudPlayer(options: ReadAloudPlayerOptions) {
  const createUrl = options.createUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeUrl = options.revokeUrl ?? ((url: string) => URL.revokeObjectURL(url));
  /** The message read (or loading, or failed); null: nothing. */
  const messageId = signal<string | null>(null);
  const phase = signal<ReadAloudPhase>('idle');
  let abort: AbortController | null = null;
  let url: string | null = null;

  options.output.onEnded(() => {
    if (phase.peek() === 'playing') settle('idle');
  });

  function settle(next: ReadAloudPhase): void {
    if (url) revokeUrl(url);
    url = null;
    abort = null;
    batch(() => {
      phase.value = next;
      if (next === 'idle') messageId.value = null;
    });
  }

  function stop(): void {
    abort?.abort();
    options.output.stop();
    settle('idle');
  }

  /** Reads `text` of message `id` aloud; a second call for the message playing (or loading) stops it. */
  async function toggle(id: string, body: TtsRequest): Promise<void> {
    const busy = phase.peek() === 'loading' || phase.peek() === 'playing';
    const same = messageId.peek() === id;
    stop();
    if (busy && same) return;
    const mine = new AbortController();
    abort = mine;
    batch(() => {
      messageId.value = id;
      phase.value = 'loading';
    });
    let blob: Blob;
    try {
      blob = await options.fetchSpeech(body, mine.signal);
    } catch {
      if (mine.signal.aborted) return;
      settle('error');
      options.notify(READ_ALOUD_FAILED);
      return;
    }
    if (mine.signal.aborted) return;
    url = createUrl(blob);
    try {
      await options.output.play(url);
      if (!mine.signal.aborted) phase.value = 'playing';
    } catch {
      if (mine.signal.aborted) return;
      // NotAllowedError: the autoplay policy refused (spec/chat.md §8).
      settle('error');
      options.notify(AUDIO_BLOCKED);
    }
  }

  return {
    messageId: messageId as ReadonlySignal<string | null>,
    phase: phase as ReadonlySignal<ReadAloudPhase>,
    toggle,
    stop,
  };
}

export type ReadAloudPlayer = ReturnType<typeof createReadAloudPlayer>;

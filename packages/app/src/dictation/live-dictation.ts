/**
 * @module A voice memo heard live by Gladia (spec/calls.md §4, §7, §9), framework-neutral: the
 * microphone's samples, at 48 kHz mono, go to the session's WebSocket as 1 s WAV chunks with the
 * 44-byte header removed (headerless 16-bit PCM); partial and final transcripts come back. A socket
 * that closes while recording is reopened up to 3 times, 1 s apart (chunks wait for it). At the
 * end the last chunk and `stop_recording` are sent, the final transcripts awaited, and the
 * session's full transcript (read by the server) preferred when it is longer.
 */
import {
  LIVE_CHUNK_MS,
  LIVE_RECONNECT_DELAY_MS,
  LIVE_RECONNECTS,
  LIVE_SAMPLE_RATE,
  LiveMessage,
  LiveTranscriptMessage,
  STOP_RECORDING,
} from '@doppel/protocol';
import { resample, wavBytes } from './wav';

/** The WAV header `wavBytes` writes, removed from each chunk. */
const WAV_HEADER_BYTES = 44;
/** After `stop_recording`, how long the final transcripts may take before the socket is closed. */
export const FINISH_TIMEOUT_MS = 5_000;

export interface LiveDictationOptions {
  /** The session's WebSocket URL (its token inside). */
  url: string;
  /** The session's full transcript, read once the socket closed ('' when there is none). */
  fullTranscript(): Promise<string>;
  /** The session failed while recording (refused, or the reconnections ran out). */
  onFailure(cause: string): void;
  /** Partial and final transcripts as they come (the text heard so far). */
  onTranscript?(text: string): void;
  /** For tests. */
  reconnectDelayMs?: number;
  finishTimeoutMs?: number;
}

export interface LiveDictation {
  /** Microphone samples (-1..1) at `rate`. */
  push(samples: Float32Array, rate: number): void;
  /** Ends the recording: what was heard ('' for nothing). Rejects when the session failed. */
  finish(): Promise<string>;
  /** Ends it and keeps nothing. */
  cancel(): void;
}

/** Samples at 48 kHz as a 1 s WAV chunk without its header: what the socket is sent. */
export function liveChunk(samples: Float32Array): ArrayBuffer {
  return wavBytes(samples, LIVE_SAMPLE_RATE).slice(WAV_HEADER_BYTES);
}

export function liveDictation(options: LiveDictationOptions): LiveDictation {
  const reconnectDelay = options.reconnectDelayMs ?? LIVE_RECONNECT_DELAY_MS;
  let socket: WebSocket | null = null;
  let state: 'recording' | 'finishing' | 'done' | 'failed' | 'cancelled' = 'recording';
  let reconnects = 0;
  /** Chunks not yet sent (the socket is opening or reopening). */
  const queue: ArrayBuffer[] = [];
  /** Microphone samples of the chunk being filled, at the microphone's rate. */
  let pending: Float32Array[] = [];
  let pendingLength = 0;
  let pendingRate = LIVE_SAMPLE_RATE;
  /** Final transcripts by utterance, and the latest partial. */
  const finals = new Map<string, string>();
  let partial = '';
  let settle: (() => void) | null = null;
  const closed = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let failure: string | null = null;
  let stopSent = false;

  const heard = () => [...finals.values(), partial].filter(Boolean).join(' ').trim();

  const flush = () => {
    while (socket?.readyState === WebSocket.OPEN && queue.length > 0) {
      const chunk = queue.shift();
      if (chunk) socket.send(chunk);
    }
    if (state === 'finishing' && socket?.readyState === WebSocket.OPEN && queue.length === 0 && !stopSent) {
      stopSent = true;
      socket.send(STOP_RECORDING);
    }
  };

  const fail = (cause: string) => {
    if (state === 'done' || state === 'failed' || state === 'cancelled') return;
    const wasRecording = state === 'recording';
    state = 'failed';
    failure = cause;
    settle?.();
    if (wasRecording) options.onFailure(cause);
  };

  const connect = () => {
    const ws = new WebSocket(options.url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = flush;
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const transcript = LiveTranscriptMessage.safeParse(json);
      if (transcript.success) {
        const { id, is_final, utterance } = transcript.data.data;
        if (is_final) {
          finals.set(id, utterance.text.trim());
          partial = '';
        } else partial = utterance.text.trim();
        options.onTranscript?.(heard());
        return;
      }
      const message = LiveMessage.safeParse(json);
      if (message.success && message.data.type === 'end_session') {
        state = state === 'finishing' ? 'done' : state;
      }
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (state === 'recording') {
        // spec/calls.md §4: on a socket close while recording, up to 3 reconnects 1 s apart.
        // Gladia's 44xx codes refuse the request itself: trying again would not help.
        if (reconnects >= LIVE_RECONNECTS || (event.code >= 4400 && event.code < 4500)) {
          fail(`Live transcription connection closed: ${event.code} ${event.reason}`.trim());
          return;
        }
        reconnects += 1;
        setTimeout(() => {
          if (state === 'recording' || state === 'finishing') connect();
        }, reconnectDelay);
        return;
      }
      if (state === 'finishing' && !stopSent && reconnects < LIVE_RECONNECTS) {
        // Closed before the last chunks went: reopen to send them.
        reconnects += 1;
        setTimeout(connect, reconnectDelay);
        return;
      }
      if (state === 'finishing') state = 'done';
      settle?.();
    };
  };
  connect();

  /** Sends the samples waiting, up to `upTo` of them, as one chunk; the rest wait. */
  const sendPending = (upTo = Number.POSITIVE_INFINITY) => {
    if (pendingLength === 0) return;
    const joined = new Float32Array(pendingLength);
    let at = 0;
    for (const block of pending) {
      joined.set(block, at);
      at += block.length;
    }
    const take = Math.min(upTo, pendingLength);
    const rest = joined.subarray(take);
    pending = rest.length > 0 ? [rest] : [];
    pendingLength = rest.length;
    queue.push(liveChunk(resample(joined.subarray(0, take), pendingRate, LIVE_SAMPLE_RATE)));
    flush();
  };

  return {
    push(samples, rate) {
      if (state !== 'recording') return;
      if (rate !== pendingRate) {
        sendPending();
        pendingRate = rate;
      }
      pending.push(samples);
      pendingLength += samples.length;
      // One chunk a second of audio (spec/calls.md §9: chunks 1000 ms), never more.
      const second = Math.round((rate * LIVE_CHUNK_MS) / 1000);
      while (pendingLength >= second) sendPending(second);
    },
    async finish() {
      if (state === 'recording') {
        sendPending();
        state = 'finishing';
        flush();
      }
      const timeout = new Promise<void>((done) =>
        setTimeout(done, options.finishTimeoutMs ?? FINISH_TIMEOUT_MS),
      );
      await Promise.race([closed, timeout]);
      if (failure !== null) throw new Error(failure);
      if (state === 'cancelled') return '';
      const current = socket;
      socket = null;
      current?.close(1000);
      state = 'done';
      const live = heard();
      const full = (await options.fullTranscript().catch(() => '')).trim();
      // spec/calls.md §4: the provider's full transcript when it is longer.
      return full.length > live.length ? full : live;
    },
    cancel() {
      state = 'cancelled';
      const current = socket;
      socket = null;
      current?.close(1000);
      settle?.();
    },
  };
}

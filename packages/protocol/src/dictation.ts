/**
 * @module Voice-memo dictation in the chat prompt (spec/calls.md §4, §7, §8, §9): the page
 * records and the server recognises (the local recogniser), or the page streams the microphone
 * to a live-transcription session the server issued (Gladia); the text is sent as a chat message.
 */
import { z } from 'zod';

/** The recording the server takes: 16 kHz mono 16-bit PCM WAV, at most this long. */
export const DICTATION_SAMPLE_RATE = 16_000;
export const DICTATION_MAX_SECONDS = 60;

/** spec/calls.md §9: a live session hears 48 kHz mono 16-bit PCM, sent in chunks of 1 s. */
export const LIVE_SAMPLE_RATE = 48_000;
export const LIVE_CHUNK_MS = 1_000;
/** spec/calls.md §4, §9: a socket closed while recording is reopened up to 3 times, 1 s apart. */
export const LIVE_RECONNECTS = 3;
export const LIVE_RECONNECT_DELAY_MS = 1_000;

/** spec/calls.md §8. */
export const NO_SPEECH_DETECTED = 'No speech detected. Please try again.';
export const DICTATION_FAILED = 'Failed to process recording. Please try again.';

/** Server → app, POST /api/clones/:slug/dictation: what was heard ('' for nothing). */
export const DictationResponse = z.object({ text: z.string() });
export type DictationResponse = z.infer<typeof DictationResponse>;

/**
 * Server → app, POST /api/clones/:slug/dictation/sessions: how this memo is heard. `local`: record
 * a 16 kHz WAV and POST it to /dictation. `gladia`: stream to the live session's WebSocket `url`
 * (it carries a temporary token, never the API key), then GET /dictation/sessions/:id for the
 * full transcript.
 */
export const DictationSession = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({
    provider: z.literal('gladia'),
    id: z.string().min(1),
    url: z.string().regex(/^wss?:\/\//, 'a WebSocket URL'),
  }),
]);
export type DictationSession = z.infer<typeof DictationSession>;

/**
 * Gladia → app, on the live session's WebSocket: a transcript of one utterance, partial until
 * `is_final` (only what the page reads; other messages — acknowledgments, lifecycle events —
 * are read as `LiveMessage`).
 */
export const LiveTranscriptMessage = z.object({
  type: z.literal('transcript'),
  data: z.object({
    /** The utterance: a partial is replaced by the next one, then by its final. */
    id: z.string(),
    is_final: z.boolean(),
    utterance: z.object({ text: z.string() }),
  }),
});
export type LiveTranscriptMessage = z.infer<typeof LiveTranscriptMessage>;

/** Gladia → app: any message of the live session's WebSocket (its `type` says which). */
export const LiveMessage = z.object({ type: z.string() });

/** App → Gladia: the recording is over; the session finishes its transcripts and closes. */
export const STOP_RECORDING = JSON.stringify({ type: 'stop_recording' });

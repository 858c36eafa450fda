/**
 * @module Voice-memo dictation in the chat prompt (spec/calls.md §4, §8, §9): the page records,
 * the server recognises, the text is sent as a chat message.
 */
import { z } from 'zod';

/** The recording the server takes: 16 kHz mono 16-bit PCM WAV, at most this long. */
export const DICTATION_SAMPLE_RATE = 16_000;
export const DICTATION_MAX_SECONDS = 60;

/** spec/calls.md §8. */
export const NO_SPEECH_DETECTED = 'No speech detected. Please try again.';
export const DICTATION_FAILED = 'Failed to process recording. Please try again.';

/** Server → app, POST /api/clones/:slug/dictation: what was heard ('' for nothing). */
export const DictationResponse = z.object({ text: z.string() });
export type DictationResponse = z.infer<typeof DictationResponse>;

import { z } from 'zod';
import { TTS_TEXT_MAX_LENGTH } from './constants';

/**
 * POST /api/tts (spec/chat.md §7): the clone reads `text` aloud in its voice. `messageId` names the
 * clone message read (it must be one of the caller's conversations), so the audio is kept per
 * message and voice; without it the audio is kept per text and voice.
 */
export const TtsRequest = z.object({
  slug: z.string().min(1).max(200),
  text: z
    .string()
    .max(TTS_TEXT_MAX_LENGTH, `Text is longer than ${TTS_TEXT_MAX_LENGTH} characters`)
    .refine((t) => t.trim().length > 0, 'Text is empty'),
  messageId: z.uuid().nullish(),
});
export type TtsRequest = z.infer<typeof TtsRequest>;

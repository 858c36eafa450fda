import { z } from 'zod';
import { Message } from './conversation';

/** The longest answer text a stop may carry (far above any answer). */
export const STOP_TEXT_MAX_LENGTH = 20_000;

/**
 * POST /api/conversations/:id/stop — the visitor stopped the answer in flight (spec/chat.md §4):
 * `shownText` is the answer as it stood on screen. The answer is kept as that (issue 9 §6).
 */
export const StopAnswerRequest = z.object({ shownText: z.string().max(STOP_TEXT_MAX_LENGTH) }).strict();
export type StopAnswerRequest = z.infer<typeof StopAnswerRequest>;

/**
 * The stopped answer as stored (`interrupted`, cut to what the visitor saw), or null when nothing
 * of it is kept or it is not stored yet (it will be cut when it is).
 */
export const StopAnswerResponse = z.object({ message: Message.nullable() });
export type StopAnswerResponse = z.infer<typeof StopAnswerResponse>;

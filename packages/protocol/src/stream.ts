import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from './constants';
import { Message } from './conversation';
import { MessageFileIds } from './upload';

/**
 * spec/chat.md §3: an outbound message. The text must hold a non-blank character; the
 * server answers 400 'Invalid outbound message' otherwise.
 */
export const OutboundMessage = z.object({
  type: z.literal('TEXT'),
  text: z
    .string()
    .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG)
    .refine((t) => t.trim().length > 0, 'Message text is empty'),
  slug: z.string().min(1),
  conversationId: z.string().min(1),
  /** Bot-check token; checked only when a bot-check provider is configured. */
  botToken: z.string().max(4_000).nullish(),
  /** Files the sender uploaded for this message (POST /api/upload or a multipart upload). */
  fileIds: MessageFileIds.optional(),
});
export type OutboundMessage = z.infer<typeof OutboundMessage>;

/** POST /api/clone/talk/messages/stream */
export const StreamRequest = z.object({
  message: OutboundMessage,
  instanceId: z.string().nullish(),
  timezone: z.string().max(100).nullish(),
});
export type StreamRequest = z.infer<typeof StreamRequest>;

/** The server streams one of these per `data:` line (DESIGN §4). */
export const StreamEvent = z.discriminatedUnion('type', [
  /** Server → app, repeatedly: the next piece of the clone's answer, the moment it is ready. */
  z.object({ type: z.literal('token'), token: z.string() }),
  /** Server → app, last: the stored clone message (with `hasSources`). */
  z.object({ type: z.literal('message'), message: Message }),
  /** Server → app, last: the answer failed; nothing more follows. */
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;

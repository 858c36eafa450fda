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
  /**
   * The client's id for this send (a uuid it makes up): sending again with the same id is the same
   * send — the server answers the stream it already runs (from `Last-Event-ID`), never a second
   * message or charge. Without it the server picks one (answered in `STREAM_ID_HEADER`).
   */
  streamId: z.uuid().optional(),
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

/**
 * Issue 14 §2, resumable streams: every answer stream has an id, answered in this header, and
 * every event carries an SSE `id:` line — its number in the stream, from 1. A client whose
 * connection drops asks `GET /api/clone/talk/messages/stream/:streamId` (on any server process)
 * with the last number it received in `Last-Event-ID` and gets the events after it, then the rest
 * of the answer as it comes; nothing twice, nothing skipped.
 */
export const STREAM_ID_HEADER = 'X-Doppel-Stream';
/** The standard SSE header a resuming client sends (the last event number it received). */
export const LAST_EVENT_ID_HEADER = 'Last-Event-ID';
/** The event numbers of a stream: a positive integer, as `Last-Event-ID` carries it ("0": none yet). */
export const LastEventId = z.coerce.number().int().min(0).max(1_000_000);

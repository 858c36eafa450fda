/**
 * @module The loader's copy of the bridge's names (DESIGN §1: the loader imports no zod).
 * `names.test.ts` checks them against `@doppel/protocol`'s schemas, so they cannot drift.
 */

/** Namespace of every bridge message (protocol `EMBED_NAMESPACE`). */
export const NS = 'doppel';
/** Bridge version (protocol `EMBED_PROTOCOL_VERSION`). */
export const V = 1;

/** Iframe → host message types, in protocol order (`EmbedFrameMessage`). */
export const FRAME_TYPES = [
  'hello',
  'ready',
  'open',
  'close',
  'message-sent',
  'message-received',
  'conversation-started',
  'text-exhausted',
  'voice-exhausted',
  'resize',
  'request-close',
] as const;
export type FrameType = (typeof FRAME_TYPES)[number];

/** Host → iframe message types, in protocol order (`EmbedHostMessage`). */
export const HOST_TYPES = ['welcome', 'open', 'close', 'prefill'] as const;
export type HostType = (typeof HOST_TYPES)[number];

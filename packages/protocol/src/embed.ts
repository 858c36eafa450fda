/**
 * @module The embed bridge (DESIGN §5): every window message between a host page's loader
 * (`@doppel/embed`, which has no zod and copies these names) and the chat in its iframe
 * (`/embed/:slug` in the app, which parses with these schemas). The sequence is drawn in
 * docs/embed-lifecycle.md.
 *
 * Envelope: `{ ns: 'doppel', v: 1, type, id, payload? }`. `id` is the widget id the host
 * gave the frame in `welcome` (empty in `hello`, sent before the frame knows it). Each side
 * drops anything that does not parse, silently; neither side ever posts to `"*"`.
 */
import { z } from 'zod';

/** Namespace of every bridge message, so other libraries' window messages are never mistaken for ours. */
export const EMBED_NAMESPACE = 'doppel';
/** Bridge version; a message of another version is dropped. Bump on any breaking change. */
export const EMBED_PROTOCOL_VERSION = 1;
/** Query parameter of the iframe src that carries the host page's origin (the handshake target). */
export const EMBED_PARENT_PARAM = 'parent';
/** Query parameter of the iframe src that carries the embed configuration id. */
export const EMBED_CONFIG_PARAM = 'config';

export const EmbedMode = z.enum(['bubble', 'inline', 'fullpage']);
export type EmbedMode = z.infer<typeof EmbedMode>;

/** The longest starting message a host may prefill (the chat's own message limit still applies). */
const PREFILL_MAX = 4_000;
const ConfigId = z.string().min(1).max(200);
/** No payload; unknown keys are stripped, so a newer sender's additions never break an older receiver. */
const Empty = z.object({}).optional();

const envelope = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.object({
    ns: z.literal(EMBED_NAMESPACE),
    v: z.literal(EMBED_PROTOCOL_VERSION),
    type: z.literal(type),
    id: z.string().max(200),
    payload,
  });

/** Host → iframe. */
export const EmbedHostMessage = z.discriminatedUnion('type', [
  /**
   * Host → iframe, answering each `hello` from its own iframe: the widget's id and settings.
   * `prefill` is a starting message to send once the chat is shown; `open` says whether it is.
   */
  envelope(
    'welcome',
    z.object({
      mode: EmbedMode,
      config: ConfigId.optional(),
      prefill: z.string().max(PREFILL_MAX).optional(),
      open: z.boolean().optional(),
    }),
  ),
  /** Host → iframe, after `welcome`: the panel was shown (the chat may focus its prompt). */
  envelope('open', Empty),
  /** Host → iframe, after `welcome`: the panel was hidden. */
  envelope('close', Empty),
  /** Host → iframe, after `welcome`: send this starting message when the chat is next shown. */
  envelope('prefill', z.object({ text: z.string().min(1).max(PREFILL_MAX) })),
]);
export type EmbedHostMessage = z.infer<typeof EmbedHostMessage>;

const conversation = z.object({ conversationId: z.string().max(200).optional() }).optional();

/** Iframe → host. Every type except `hello`, `resize`, `request-close` also reaches the host page as an event. */
export const EmbedFrameMessage = z.discriminatedUnion('type', [
  /** Iframe → host, on every load of the chat: posted to `window.parent` with targetOrigin = the `parent` query origin. */
  envelope('hello', Empty),
  /** Iframe → host, once the chat has its clone and can take messages; `name` (the clone's) goes on to the page's `ready` event. */
  envelope('ready', z.object({ name: z.string().max(200).optional() }).optional()),
  /** Iframe → host, when the chat itself wants to be shown (for instance a capture step needs the visitor). */
  envelope('open', Empty),
  /** Iframe → host, when the chat closed itself (for instance after a call ends); the host hides the panel. */
  envelope('close', Empty),
  /** Iframe → host, after the visitor's message was accepted by the server. */
  envelope('message-sent', conversation),
  /** Iframe → host, after the clone's answer has fully arrived. */
  envelope('message-received', conversation),
  /** Iframe → host, when a new conversation was created for the visitor. */
  envelope('conversation-started', conversation),
  /** Iframe → host, when the clone's text limit is reached (spec/chat.md §7; spec/calls.md §1). */
  envelope('text-exhausted', z.object({ configId: ConfigId.optional() }).optional()),
  /** Iframe → host, when the voice limit of an embed configuration is reached (spec/calls.md §4). */
  envelope('voice-exhausted', z.object({ configId: ConfigId })),
  /** Iframe → host, when the chat's content height changes (inline widgets with autoHeight follow it). */
  envelope('resize', z.object({ height: z.number().min(0).max(100_000) })),
  /** Iframe → host, when the visitor pressed the chat's own close button (or Escape). */
  envelope('request-close', Empty),
]);
export type EmbedFrameMessage = z.infer<typeof EmbedFrameMessage>;

/** Every `type` of `EmbedHostMessage`, in schema order (the loader's copy is tested against it). */
export const EMBED_HOST_MESSAGE_TYPES = EmbedHostMessage.options.map((o) => o.shape.type.value);
/** Every `type` of `EmbedFrameMessage`, in schema order (the loader's copy is tested against it). */
export const EMBED_FRAME_MESSAGE_TYPES = EmbedFrameMessage.options.map((o) => o.shape.type.value);

/** The window message a loader posts to the top window when the text limit is reached (spec/chat.md §7). */
export const TEXT_EXHAUSTED_WINDOW_MESSAGE = `${EMBED_NAMESPACE}:text-exhausted`;
/** The window message a loader posts to the top window when the voice limit is reached (spec/calls.md §4). */
export const VoiceExhaustedWindowMessage = z.object({
  type: z.literal('voice-exhausted'),
  configId: ConfigId,
});
export type VoiceExhaustedWindowMessage = z.infer<typeof VoiceExhaustedWindowMessage>;

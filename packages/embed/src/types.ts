/** @module The loader's public types: options, events, the widget handle. */

export type DoppelMode = 'bubble' | 'inline' | 'fullpage';

/** Options of `init` (the script tag's `data-*` attributes map onto the same names). */
export interface DoppelOptions {
  /** The clone's slug (required). */
  clone: string;
  /** `bubble` (default): launcher + popup; `inline`: fills `target`; `fullpage`: takes the page. */
  mode?: DoppelMode;
  /** The clone instance's slug, when the clone has instances. */
  instance?: string;
  /** An embed configuration id (the creator's whitelabel and limit settings). */
  config?: string;
  /** Inline mode: the container, as an element or a CSS selector. */
  target?: string | Element;
  /** Create the (hidden) iframe when the browser is idle instead of on first open. */
  preload?: boolean;
  /** Inline mode: the container's height follows the chat's content height (it grows, never shrinks). */
  autoHeight?: boolean;
  /**
   * Bubble mode: `false` leaves the round launcher out, for a host that opens the chat from its
   * own button (`open()`, `toggle()`). Default `true`.
   */
  launcher?: boolean;
  /** The Doppel app's origin. Default: where embed.js was loaded from (ESM: this page's origin; set it). */
  origin?: string;
  /** The widget's id, for `open(id)` and friends. Default `doppel-1`, `doppel-2`, … */
  id?: string;
  /**
   * The clone's display name, for the launcher's label ('Open chat with Juniper Hale') and the
   * iframe's title before the chat has told it (default: the name the chat sends when ready).
   */
  name?: string;
  /** A starting message, sent when the chat is first shown. */
  prefill?: string;
  /** The screen the widget opens on: `chat` (default) or `call`, the voice call screen (`data-page="call"`). */
  page?: 'chat' | 'call';
}

/** Events a host page can listen to (`on`, or `doppel:<name>` on `window`). */
export type DoppelEventName =
  | 'ready'
  | 'open'
  | 'close'
  | 'message-sent'
  | 'message-received'
  | 'conversation-started'
  | 'text-exhausted'
  | 'voice-exhausted';

/** What a handler receives (also the `detail` of the `doppel:<name>` CustomEvent). */
export interface DoppelEvent {
  /** The event's name. */
  type: DoppelEventName;
  /** The widget it came from. */
  id: string;
  /** `ready`: the clone's display name, when the chat sends it. */
  name?: string;
  /** `message-sent`, `message-received`, `conversation-started`: the conversation. */
  conversationId?: string;
  /** `text-exhausted` (when set), `voice-exhausted` (always): the embed configuration id. */
  configId?: string;
}

export type DoppelHandler = (event: DoppelEvent) => void;

/** One widget on the page. */
export interface DoppelWidget {
  readonly id: string;
  /** Whether the chat is shown. */
  readonly isOpen: boolean;
  open(): void;
  close(): void;
  toggle(): void;
  /** Removes every node, listener, timer (and the style, with the last widget). */
  destroy(): void;
  /** A starting message, sent when the chat is next shown. */
  prefill(text: string): void;
  /** Listens to this widget's events. */
  on(name: DoppelEventName, handler: DoppelHandler): void;
  off(name: DoppelEventName, handler: DoppelHandler): void;
}

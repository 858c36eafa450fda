/** @module The chat store's shapes: the calls it makes, its options, events and send outcomes. */
import type { Conversation, ConversationWithMessages, Medium, Message, Usage } from '@doppel/protocol';
import type { ChatTransport } from './chat-transport';

/** The conversation calls the chat makes; `src/api` in the app, fakes in tests. */
export interface ChatApi {
  createConversation(input: {
    slug: string;
    instanceSlug?: string | null;
    medium: Medium;
  }): Promise<Conversation>;
  fetchConversation(id: string): Promise<ConversationWithMessages>;
  /**
   * Tells the server the visitor stopped the answer with `shownText` on screen (issue 9 §6: the
   * server keeps that); answers the stored answer when it was stored already.
   */
  stopAnswer?(conversationId: string, shownText: string): Promise<Message | null>;
}

/** What happened in the chat, for listeners outside it (the embed tells its host page). */
export interface ChatEvent {
  /** A conversation was created, the server accepted the visitor's message, the answer fully arrived. */
  type: 'conversation-started' | 'message-sent' | 'message-received';
  conversationId: string;
}

export interface ChatStoreOptions {
  slug: string;
  instanceSlug?: string | null;
  /** The instance's id, sent with every message. */
  instanceId?: string | null;
  medium?: Medium;
  api: ChatApi;
  /** How the message goes out and the answer comes back (the text stream for the chat). */
  transport: ChatTransport;
  now?: () => number;
  timezone?: () => string | null;
  idleTimeoutMs?: number;
  /** Told of each ChatEvent as it happens. */
  onEvent?: (event: ChatEvent) => void;
}

/** Why a send did not produce an answer; the screen turns it into the spec's toasts. */
export type SendFailure =
  /** The conversation could not be created: nothing was sent ('Unable to send message'). */
  | 'conversation'
  /** The server refused the message before streaming (non-OK); the draft is restored. */
  | 'refused'
  /**
   * 402: usage enforcement refused the message (DESIGN §4); nothing was stored, the visitor's
   * message is taken back and the draft restored, so the paywall can take over.
   */
  | 'usage'
  /** The request never reached the server. */
  | 'network'
  /** The stream sent an error event, or ended without the final message. */
  | 'stream'
  /** No line for `STREAM_IDLE_TIMEOUT_MS` (spec/chat.md §7: an idle stream ends with an error). */
  | 'timeout';

export type SendOutcome =
  | { status: 'sent'; message: Message }
  | { status: 'cancelled'; partialText: string }
  | {
      status: 'failed';
      failure: SendFailure;
      error: string;
      restoreDraft: boolean;
      /** With failure 'usage': the usage that refused the message, when the server sent it. */
      usage?: Usage | null;
    }
  /** Blank text, or a send already in flight (Enter is ignored while pending). */
  | { status: 'ignored' };

export type LoadState = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

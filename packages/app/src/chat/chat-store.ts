/**
 * @module The chat state machine, framework-neutral: messages, the answer in flight, the
 * stream reader, abort and the idle timeout live here as signals; components render them
 * and call the intents (`send`, `cancel`, `load`, `reset`). spec/chat.md §4 (message sending).
 */
import { canCancel, createIdleTimer, RESPONSE_CANCELLED } from '@doppel/core';
import {
  type Conversation,
  type ConversationWithMessages,
  FALLBACK_CLONE_MESSAGE,
  type Medium,
  type Message,
  STREAM_IDLE_TIMEOUT_MS,
  type Usage,
  UsageRefusal,
} from '@doppel/protocol';
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { ApiError, statusOf } from '../api/api-error';
import { type ChatMessage, type ChatReply, localMessage, toChatMessage } from './chat-message';
import type { ChatTransport } from './chat-transport';

/** The conversation calls the chat makes; `src/api` in the app, fakes in tests. */
export interface ChatApi {
  createConversation(input: {
    slug: string;
    instanceSlug?: string | null;
    medium: Medium;
  }): Promise<Conversation>;
  fetchConversation(id: string): Promise<ConversationWithMessages>;
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

class StreamIdleError extends Error {
  constructor() {
    super('The answer stopped arriving.');
  }
}
class CancelledByUser extends Error {
  constructor() {
    super(RESPONSE_CANCELLED);
  }
}

function defaultTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** Creates the chat of one clone (and instance). */
export function createChatStore(options: ChatStoreOptions) {
  const now = options.now ?? (() => Date.now());
  const timezone = options.timezone ?? defaultTimezone;
  const medium = options.medium ?? 'WEB';
  const idleTimeoutMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;
  const tell = (type: ChatEvent['type'], conversationId: string): void => {
    try {
      options.onEvent?.({ type, conversationId });
    } catch {
      // A listener's failure is not the chat's.
    }
  };

  const conversation = signal<Conversation | null>(null);
  const messages = signal<ChatMessage[]>([]);
  const reply = signal<ChatReply | null>(null);
  const sendStartedAt = signal<number | null>(null);
  const loadState = signal<LoadState>('idle');
  const loadError = signal<string | null>(null);
  const busy = computed(() => reply.value !== null);

  let controller: AbortController | null = null;
  let creating: Promise<Conversation> | null = null;
  let loadToken = 0;

  const append = (message: ChatMessage): void => {
    messages.value = [...messages.value, message];
  };

  /** The conversation, created on first need (spec: the first send creates it). */
  function ensureConversation(): Promise<Conversation> {
    if (conversation.value) return Promise.resolve(conversation.value);
    if (!creating) {
      creating = options.api
        .createConversation({ slug: options.slug, instanceSlug: options.instanceSlug ?? null, medium })
        .then((created) => {
          conversation.value = created;
          loadState.value = 'ready';
          tell('conversation-started', created.id);
          return created;
        })
        .finally(() => {
          creating = null;
        });
    }
    return creating;
  }

  /** Loads a stored conversation into the chat (a conversation URL, or a reload of one). */
  async function load(id: string): Promise<void> {
    if (conversation.value?.id === id) return;
    abortInFlight();
    const token = ++loadToken;
    batch(() => {
      loadState.value = 'loading';
      loadError.value = null;
      conversation.value = null;
      messages.value = [];
    });
    try {
      const loaded = await options.api.fetchConversation(id);
      if (token !== loadToken) return;
      if (loaded.cloneSlug !== options.slug) {
        loadState.value = 'missing';
        return;
      }
      const { messages: stored, ...rest } = loaded;
      batch(() => {
        conversation.value = rest;
        messages.value = stored.map(toChatMessage).filter((m): m is ChatMessage => m !== null);
        loadState.value = 'ready';
      });
    } catch (error) {
      if (token !== loadToken) return;
      batch(() => {
        loadState.value = statusOf(error) === 404 ? 'missing' : 'error';
        loadError.value = error instanceof Error ? error.message : String(error);
      });
    }
  }

  /** Sends the visitor's text and streams the clone's answer. */
  async function send(text: string): Promise<SendOutcome> {
    const trimmed = text.trim();
    if (trimmed === '' || busy.peek()) return { status: 'ignored' };
    const startedAt = now();
    batch(() => {
      append(localMessage('USER', trimmed, 'sent', startedAt));
      reply.value = { phase: 'pending', text: '' };
      sendStartedAt.value = startedAt;
    });
    const abort = new AbortController();
    controller = abort;
    let target: Conversation;
    try {
      target = await ensureConversation();
    } catch (error) {
      finish(abort);
      // Nothing was sent: take the visitor's message back so the draft can hold it again.
      messages.value = messages.value.slice(0, -1);
      return { status: 'failed', failure: 'conversation', error: errorText(error), restoreDraft: true };
    }
    if (abort.signal.aborted) return settleCancelled(abort);

    const idle = createIdleTimer({
      timeoutMs: idleTimeoutMs,
      onIdle: () => abort.abort(new StreamIdleError()),
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    });
    let final: Message | null = null;
    let streamError: string | null = null;
    try {
      await options.transport.send(
        {
          message: { type: 'TEXT', text: trimmed, slug: options.slug, conversationId: target.id },
          instanceId: options.instanceId ?? null,
          timezone: timezone(),
        },
        {
          onAccepted: () => tell('message-sent', target.id),
          onActivity: () => idle.touch(),
          onEvent: (event) => {
            if (event.type === 'token') {
              const current = reply.peek();
              reply.value = { phase: 'streaming', text: (current?.text ?? '') + event.token };
            } else if (event.type === 'message') {
              final = event.message;
            } else {
              streamError = event.error;
            }
          },
        },
        abort.signal,
      );
    } catch (error) {
      idle.stop();
      const reason = abort.signal.aborted ? abort.signal.reason : error;
      if (reason instanceof CancelledByUser) return settleCancelled(abort);
      if (reason instanceof StreamIdleError) return settleFailed(abort, 'timeout', reason.message, false);
      const status = statusOf(error);
      if (status === 402) return settleRefusedByUsage(abort, error);
      if (status > 0) {
        return settleFailed(abort, 'refused', errorText(error), true);
      }
      return settleFailed(abort, 'network', errorText(error), false);
    }
    idle.stop();
    const stored: Message | null = final;
    if (streamError !== null) return settleFailed(abort, 'stream', streamError, false);
    if (!stored) return settleFailed(abort, 'stream', 'The answer ended before it was complete.', false);
    const shown = toChatMessage(stored);
    batch(() => {
      if (shown) append(shown);
      finish(abort);
    });
    tell('message-received', target.id);
    return { status: 'sent', message: stored };
  }

  function settleCancelled(abort: AbortController): SendOutcome {
    const partialText = reply.peek()?.text ?? '';
    batch(() => {
      if (partialText.trim() !== '') append(localMessage('CLONE', partialText, 'cancelled', now()));
      finish(abort);
    });
    return { status: 'cancelled', partialText };
  }

  function settleFailed(
    abort: AbortController,
    failure: SendFailure,
    error: string,
    restoreDraft: boolean,
  ): SendOutcome {
    batch(() => {
      append(localMessage('CLONE', FALLBACK_CLONE_MESSAGE, 'failed', now()));
      finish(abort);
    });
    return { status: 'failed', failure, error, restoreDraft };
  }

  function settleRefusedByUsage(abort: AbortController, error: unknown): SendOutcome {
    const refusal = UsageRefusal.safeParse(error instanceof ApiError ? error.body : null);
    batch(() => {
      // The visitor's message was not stored: take it back (the draft holds it again).
      const last = messages.peek().at(-1);
      if (last?.sender === 'USER' && last.state === 'sent') messages.value = messages.peek().slice(0, -1);
      finish(abort);
    });
    return {
      status: 'failed',
      failure: 'usage',
      error: errorText(error),
      restoreDraft: true,
      usage: refusal.success ? (refusal.data.usage ?? null) : null,
    };
  }

  function finish(abort: AbortController): void {
    if (controller !== abort) return;
    controller = null;
    batch(() => {
      reply.value = null;
      sendStartedAt.value = null;
    });
  }

  /** Whether the stop button may cancel now (spec/chat.md §4: only after 1 s). */
  function cancellable(at: number = now()): boolean {
    return busy.peek() && canCancel(sendStartedAt.peek(), at);
  }

  /** Stops the answer in flight; refused within the first second. Returns whether it stopped. */
  function cancel(): boolean {
    if (!controller || !cancellable()) return false;
    controller.abort(new CancelledByUser());
    return true;
  }

  function abortInFlight(): void {
    if (controller) {
      const abort = controller;
      abort.abort(new CancelledByUser());
      finish(abort);
    }
  }

  /** Starts over with no conversation (the talk route without an id). */
  function reset(): void {
    abortInFlight();
    loadToken += 1;
    batch(() => {
      conversation.value = null;
      messages.value = [];
      loadState.value = 'idle';
      loadError.value = null;
    });
  }

  /** Shows `reaction` on the message `id` (the controller saves it). */
  function setReaction(id: string, reaction: ChatMessage['reaction']): void {
    messages.value = messages.value.map((m) => (m.id === id ? { ...m, reaction } : m));
  }

  /** Takes a renamed title into the conversation. */
  function setTitle(title: string): void {
    if (conversation.value) conversation.value = { ...conversation.value, title };
  }

  return {
    conversation: conversation as ReadonlySignal<Conversation | null>,
    messages: messages as ReadonlySignal<ChatMessage[]>,
    reply: reply as ReadonlySignal<ChatReply | null>,
    sendStartedAt: sendStartedAt as ReadonlySignal<number | null>,
    loadState: loadState as ReadonlySignal<LoadState>,
    loadError: loadError as ReadonlySignal<string | null>,
    busy,
    load,
    send,
    cancel,
    cancellable,
    reset,
    setTitle,
    setReaction,
    dispose: abortInFlight,
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

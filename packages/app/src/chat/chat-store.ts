/**
 * @module The chat state machine, framework-neutral: messages, the answer in flight, the
 * stream reader, abort and the idle timeout live here as signals; components render them
 * and call the intents (`send`, `cancel`, `load`, `reset`). spec/chat.md §4 (message sending).
 */
import { canCancel, createIdleTimer, RESPONSE_CANCELLED } from '@doppel/core';
import {
  type Conversation,
  FALLBACK_CLONE_MESSAGE,
  type Message,
  STREAM_IDLE_TIMEOUT_MS,
  type UploadedFile,
  UsageRefusal,
} from '@doppel/protocol';
import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import { ApiError, statusOf } from '../api/api-error';
import { type ChatMessage, type ChatReply, localMessage, toChatMessage } from './chat-message';
import type { ChatEvent, ChatStoreOptions, LoadState, SendFailure, SendOutcome } from './chat-store-types';

export type {
  ChatApi,
  ChatEvent,
  ChatStoreOptions,
  LoadState,
  SendFailure,
  SendOutcome,
} from './chat-store-types';

class StreamIdleError extends Error {
  constructor() {
    super('The answer stopped arriving.');
  }
}
class CancelledByUser extends Error {
  /** `stopped`: the visitor pressed Stop (the server is told); otherwise the view went away. */
  constructor(readonly stopped = false) {
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
  /** A stop still being told to the server: the next message waits for it (it names the latest answer). */
  let stopping: Promise<void> | null = null;
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

  /** Sends the visitor's text (with uploaded `files`) and streams the clone's answer. */
  async function send(text: string, files: readonly UploadedFile[] = []): Promise<SendOutcome> {
    const trimmed = text.trim();
    if (trimmed === '' || busy.peek()) return { status: 'ignored' };
    const startedAt = now();
    const attached = files.map((f) => ({ name: f.name, url: f.url }));
    batch(() => {
      append(localMessage('USER', trimmed, 'sent', startedAt, attached));
      reply.value = { phase: 'pending', text: '', ...(files.length > 0 && { withFiles: true }) };
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

    if (stopping) await stopping;
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
          message: {
            type: 'TEXT',
            text: trimmed,
            slug: options.slug,
            conversationId: target.id,
            ...(files.length > 0 && { fileIds: files.map((f) => f.id) }),
          },
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
      if (reason instanceof CancelledByUser) {
        return settleCancelled(abort, reason.stopped ? target.id : null);
      }
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

  /** The answer stops where it stands on screen; with `stoppedIn`, the server is told to keep that. */
  function settleCancelled(abort: AbortController, stoppedIn: string | null = null): SendOutcome {
    const partialText = reply.peek()?.text ?? '';
    const kept = partialText.trim() !== '' ? localMessage('CLONE', partialText, 'cancelled', now()) : null;
    batch(() => {
      if (kept) append(kept);
      finish(abort);
    });
    if (stoppedIn && options.api.stopAnswer) stopping = tellStop(stoppedIn, partialText, kept?.id ?? null);
    return { status: 'cancelled', partialText };
  }

  /** Tells the server what the visitor saw; the stored answer (cut to it) then takes the local one's place. */
  async function tellStop(conversationId: string, shownText: string, localId: string | null): Promise<void> {
    try {
      const stored = await options.api.stopAnswer?.(conversationId, shownText);
      const shown = stored ? toChatMessage(stored) : null;
      if (shown && localId) messages.value = messages.value.map((m) => (m.id === localId ? shown : m));
    } catch {
      // The server keeps what it stored; the visitor's screen stays as it is.
    } finally {
      stopping = null;
    }
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
    controller.abort(new CancelledByUser(true));
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

  /** Shows the message `id` saved or not (the controller stores it). */
  function setSaved(id: string, saved: boolean): void {
    messages.value = messages.value.map((m) => (m.id === id ? { ...m, saved } : m));
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
    setSaved,
    dispose: abortInFlight,
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

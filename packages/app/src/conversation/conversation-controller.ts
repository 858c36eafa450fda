/**
 * @module One conversation's life, framework-neutral (DESIGN §2 "The app"; the AI SDK's
 * `AbstractChat`): the chat store (messages, the answer in flight), the draft, the paywall, the
 * send gate and its outcomes, the initial message, claim on sign-in, start-over on sign-out, the
 * title after the first message and the capture hand-off. The talk page and the embedded chat
 * render its signals and call its intents. `medium` says what kind of conversation it is; the
 * transport (the text stream for the chat) is separate, so calls and dictation can plug in.
 */
import { messageLength } from '@doppel/core';
import { type CloneProfile, DEFAULT_CONVERSATION_TITLE, LOGIN_REQUIRED, type Medium } from '@doppel/protocol';
import {
  batch,
  computed,
  effect,
  type ReadonlySignal,
  type Signal,
  signal,
  untracked,
} from '@preact/signals-core';
import {
  type ApiClient,
  claimConversation,
  createConversation,
  fetchConversation,
  stopAnswer,
  uploadFile,
} from '../api';
import type { LoginRequestStore } from '../auth/login-request';
import { type ChatEvent, type ChatStore, createChatStore } from '../chat/chat-store';
import { type ChatTransport, textStreamTransport } from '../chat/chat-transport';
import { createPaywall, type Paywall } from '../paywall/create-paywall';
import type { BotCheck } from '../services/bot-check';
import type { SessionStore } from '../session/session-store';
import type { UsageStore } from '../session/usage-store';
import { createDraftFiles, type DraftFiles } from './draft-files';
import { initialMessageStep } from './initial-message-step';
import type { Notifier } from './notifier';
import { reactTo } from './react-to';
import { saveMessage } from './save-message';
import { type SendSource, settleSendOutcome } from './settle-send-outcome';

/** The capture flow, while it collects an e-mail or phone in the chat (the embed's, spec/chat.md §4). */
export interface CaptureHandoff {
  /** Collecting now: the prompt's text goes to the flow, not the chat. */
  active: ReadonlySignal<boolean>;
  /** Upcoming or collecting: the flow, not the sign-in dialog, answers the anonymous limit. */
  applies: ReadonlySignal<boolean>;
  /** Takes the prompt's text; answers whether the flow moved on (then the prompt is cleared). */
  submit(text: string): Promise<boolean>;
}

/** Where a conversation is remembered between visits (the embed's storage; the site uses its address). */
export interface ConversationMemory {
  conversationId(): string | null;
  setConversationId(id: string | null): void;
}

export interface ConversationControllerOptions {
  clone: CloneProfile;
  medium: Medium;
  api: ApiClient;
  session: SessionStore;
  usage: UsageStore;
  login: LoginRequestStore;
  notify: Notifier;
  /** How messages go out and answers come back; the text stream by default. */
  transport?: ChatTransport;
  /** The full site's bot check, whose token the text stream sends (none in an embed). */
  botCheck?: BotCheck | null;
  /** The prompt's text; a fresh signal by default (the embed keeps what was typed while it loaded). */
  draft?: Signal<string>;
  memory?: ConversationMemory | null;
  /** Whether the visitor sees the conversation (a closed bubble does not): initial messages wait for it. */
  shown?: ReadonlySignal<boolean>;
  /** The view shows the title: read the server's title after the first message. */
  showsTitle?: boolean;
  /** Whitelabel embeds show no paywall to anonymous visitors. */
  whitelabel?: boolean;
  /** Told of each ChatEvent (the embed tells its host page). */
  onEvent?: (event: ChatEvent) => void;
  /**
   * Told when the text limit is reached (spec/chat.md §7: the embed's host hears
   * `text-exhausted`): a refused send, or an anonymous visitor's usage at 0 left (once per reaching it).
   */
  onTextExhausted?: () => void;
  /** spec/chat.md §4: the paywalled flag is stored when the paywall opens. */
  onPaywallOpened?: () => void;
}

/** Creates the controller of one conversation with `clone`; its owner disposes it. */
export function createConversationController(options: ConversationControllerOptions) {
  const { clone, medium, api, session, usage, login, notify, memory } = options;
  const instanceSlug = clone.instance?.slug ?? null;
  const draft = options.draft ?? signal('');
  const capture = signal<CaptureHandoff | null>(null);
  const shown = options.shown ?? signal(true);

  const chat: ChatStore = createChatStore({
    slug: clone.slug,
    instanceSlug,
    instanceId: clone.instance?.id ?? null,
    medium,
    api: {
      createConversation: (input) => createConversation(api, input),
      fetchConversation: (id) => fetchConversation(api, id),
      stopAnswer: (id, shownText) => stopAnswer(api, id, shownText),
    },
    transport: options.transport ?? textStreamTransport(api, options.botCheck ?? null),
    onEvent: (event) => {
      if (event.type === 'conversation-started') memory?.setConversationId(event.conversationId);
      options.onEvent?.(event);
    },
  });
  const paywall: Paywall = createPaywall({
    clone,
    session,
    usage,
    login,
    whitelabel: options.whitelabel ?? false,
    captureActive: computed(() => capture.value?.applies.value ?? false),
    ...(options.onPaywallOpened ? { onOpened: options.onPaywallOpened } : {}),
  });
  const capturing = computed(() => capture.value?.active.value ?? false);
  const openPaywall = (): string => paywall.open('limit');
  /** spec/chat.md §4: the draft's files; sending waits while one is pending. */
  const files: DraftFiles = createDraftFiles({ upload: (file) => uploadFile(api, file), notify });

  /** The visitor's text, from the prompt, a suggested question or an initial message. */
  async function send(text: string, source: SendSource): Promise<void> {
    const flow = capture.peek();
    if (flow?.active.peek()) {
      // spec/chat.md §4: while capture is active the prompt answers the capture flow.
      if (await flow.submit(text)) draft.value = '';
      return;
    }
    // issue 9 §10: a text over the message limit is never sent; it waits in the prompt, whose
    // counter says why.
    if (messageLength(text.trim()).over) {
      if (source !== 'prompt') draft.value = text.trim();
      return;
    }
    // spec/chat.md §6: at the limit the paywall (or sign-in) opens instead; the text is kept.
    if (paywall.limitReached.peek() && openPaywall() !== 'none') {
      if (source !== 'prompt') draft.value = text.trim();
      return;
    }
    if (source === 'prompt' && files.pending.peek()) return;
    if (source === 'prompt') draft.value = '';
    // spec/chat.md §4: successful files leave the draft when the message is queued.
    const attached = source === 'prompt' ? files.takeUploaded() : [];
    const outcome = await chat.send(text, attached);
    settleSendOutcome(outcome, {
      text,
      source,
      draft,
      usage,
      notify,
      openPaywall,
      // The host hears the limit; the capture flow, when it runs, explains it in the chat.
      onRefused: () => {
        tellExhausted();
        return capturing.peek();
      },
    });
    if (outcome.status === 'sent' && options.showsTitle) void refreshTitle();
  }

  /** The server titles a new conversation after its first message: show that title. */
  async function refreshTitle(): Promise<void> {
    const current = chat.conversation.peek();
    if (!current || current.title !== DEFAULT_CONVERSATION_TITLE) return;
    try {
      const stored = await fetchConversation(api, current.id);
      if (stored.title !== current.title && chat.conversation.peek()?.id === stored.id)
        chat.setTitle(stored.title);
    } catch {
      // The default title stays.
    }
  }

  // spec/chat.md §4–§5: initial messages wait until the visitor sees the chat and the session and
  // usage are known; one goes at a time.
  const queue = signal<{ text: string; source: 'initial' | 'early' }[]>([]);
  /** A starting message (`message`/`q`, the host's prefill) or one typed while the chat loaded. */
  function offerInitialMessage(text: string, source: 'initial' | 'early'): void {
    queue.value = [...queue.peek(), { text, source }];
  }

  function startInitial(text: string, source: 'initial' | 'early'): void {
    // Typed and sent while the chat was loading: it goes now, as if sent from the prompt.
    if (source === 'early') {
      void send(text, 'early');
      return;
    }
    const step = initialMessageStep({
      medium,
      text,
      clone,
      signedIn: session.signedIn.peek(),
      usage: usage.usage.peek(),
      capturing: capturing.peek(),
    });
    if (step === 'send') void send(text, 'initial');
    else if (step !== 'ignore') draft.value = text;
    if (step === 'paywall') openPaywall();
  }

  // spec/chat.md §7: the host hears `text-exhausted` when an anonymous visitor's usage reaches 0.
  let exhaustedTold = false;
  function tellExhausted(): void {
    if (!options.onTextExhausted) return;
    exhaustedTold = true;
    options.onTextExhausted();
  }

  /** Opens a stored conversation; `switching` (from the history) says so when it cannot load. */
  async function open(id: string, switching = false): Promise<void> {
    await chat.load(id);
    const state = chat.loadState.peek();
    if (state !== 'missing' && state !== 'error') return;
    if (memory) {
      // Gone (or no longer this visitor's): start a new one.
      memory.setConversationId(null);
      chat.reset();
    } else if (switching) {
      notify.error(`Failed to switch to conversation: ${chat.loadError.peek() ?? 'Conversation not found'}`);
    }
  }

  /**
   * Starts the conversation's watches (initial messages, the limit, sign-in and sign-out) and goes
   * on with a remembered conversation; returns the stop function. Called when the view mounts.
   */
  function connect(): () => void {
    const stops = [
      paywall.connect(),
      effect(() => {
        const next = queue.value[0];
        if (!next || !shown.value || session.status.value !== 'ready' || !usage.settled.value) return;
        if (chat.loadState.value === 'loading' || chat.busy.value) return;
        queue.value = queue.peek().slice(1);
        untracked(() => startInitial(next.text, next.source));
      }),
      effect(() => {
        const current = usage.usage.value;
        const remaining = current?.anonymous ? current.remaining.messages : null;
        if (remaining !== 0) exhaustedTold = false;
        else if (!exhaustedTold) untracked(tellExhausted);
      }),
      // spec/chat.md §4: after sign-in the visitor's open conversation becomes the user's.
      session.onSignIn(() => void claim()),
      // After sign-out the user's conversation is theirs alone: start a new one.
      session.onSignOut(() => chat.reset()),
    ];
    // A remembered conversation goes on where it stopped.
    const remembered = memory?.conversationId();
    if (remembered && !chat.conversation.peek()) void open(remembered);
    return () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * The visitor asks for a new conversation: spec/chat.md §6, an anonymous visitor must sign in
   * first (answers false then). Otherwise the chat starts over.
   */
  function newConversation(): boolean {
    if (session.status.peek() === 'ready' && !session.signedIn.peek() && clone.options.requireEmail) {
      // The sign-in dialog says why; a toast would repeat it (issue 9 §14).
      login.open(LOGIN_REQUIRED);
      return false;
    }
    batch(() => {
      memory?.setConversationId(null);
      chat.reset();
      draft.value = '';
      files.clear();
    });
    return true;
  }

  /** Makes the open conversation the signed-in user's (after sign-in or a completed capture). */
  async function claim(): Promise<void> {
    const id = chat.conversation.peek()?.id;
    if (id) await claimConversation(api, id).catch(() => undefined);
  }

  /** The capture flow takes the prompt while it is active (null: it stops). */
  function attachCapture(handoff: CaptureHandoff | null): void {
    capture.value = handoff;
  }

  return {
    /** The clone this conversation is with. */
    clone,
    medium,
    chat,
    draft,
    files,
    paywall,
    capturing,
    send,
    offerInitialMessage,
    open,
    /** Back to no conversation (the talk route without an id). */
    startOver: () => chat.reset(),
    newConversation,
    attachCapture,
    claim,
    /** Likes or thumbs-down a clone message (null takes it back), saved per person. */
    react: reactTo(chat, api, notify),
    /** Saves or unsaves a clone message (optimistic; spec/chat.md §4). */
    save: saveMessage(chat, api, notify),
    connect,
    cancel: () => chat.cancel(),
    setTitle: (title: string) => chat.setTitle(title),
    /** Aborts the answer in flight (the view went away). */
    dispose: () => chat.dispose(),
  };
}

export type ConversationController = ReturnType<typeof createConversationController>;

// @vitest-environment node
import { MESSAGE_MAX_LENGTH, type MeResponse, type Usage } from '@doppel/protocol';
import { computed, signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api';
import { createLoginRequest } from '../auth/login-request';
import { createSessionStore } from '../session/session-store';
import { createUsageStore } from '../session/usage-store';
import {
  cloneProfile,
  conversation,
  jsonResponse,
  message,
  sseLine,
  sseResponse,
  usage,
  user,
} from '../test/fixtures';
import {
  type CaptureHandoff,
  type ConversationControllerOptions,
  createConversationController,
} from './conversation-controller';

type Handler = (body: unknown) => Response | Promise<Response>;

/** A conversation over an API client whose fetch answers `handlers` ('METHOD /api/path'), no DOM. */
function setup(
  handlers: Record<string, Handler>,
  options: Partial<Omit<ConversationControllerOptions, 'usage'>> & { me?: MeResponse; usage?: Usage } = {},
) {
  const calls: { key: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://test').pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler = handlers[key];
    return handler ? handler(body) : jsonResponse({ error: `No handler for ${key}` }, 404);
  });
  const api = createApiClient({ fetch });
  const { me: given, usage: initialUsage, ...controllerOptions } = options;
  const me = given ?? { user: null, relationships: [] };
  const session = createSessionStore({ fetchSession: async () => me, logout: async () => undefined });
  const usageStore = createUsageStore({
    slug: 'demo',
    instanceSlug: null,
    fetchUsage: async () => initialUsage ?? usage(),
  });
  const notices: string[] = [];
  const login = createLoginRequest();
  const controller = createConversationController({
    clone: cloneProfile(),
    medium: 'WEB',
    api,
    session,
    usage: usageStore,
    login,
    notify: {
      info: (title) => notices.push(title),
      warning: (title) => notices.push(title),
      error: (title) => notices.push(title),
    },
    ...controllerOptions,
  });
  const disconnect = controller.connect();
  /** The session and the usage are known. */
  const known = async (): Promise<void> => {
    await session.refresh();
    await usageStore.refresh();
  };
  return { controller, calls, session, usage: usageStore, login, notices, disconnect, known };
}

const answer = (text = 'Hello') =>
  sseResponse([
    sseLine({ type: 'token', token: text }),
    sseLine({ type: 'message', message: message({ text }) }),
  ]);

/** A conversation is created and the message answered. */
const answering: Record<string, Handler> = {
  'POST /api/conversations': () => jsonResponse(conversation(), 201),
  'POST /api/clone/talk/messages/stream': () => answer(),
};

const streamCalls = (calls: { key: string; body: unknown }[]) =>
  calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream');

describe('createConversationController', () => {
  it('sends the prompt over the text stream, clears the draft, counts the message and reads the title', async () => {
    const {
      controller,
      calls,
      usage: usageStore,
      known,
    } = setup(
      {
        ...answering,
        'GET /api/conversations/conv-1': () =>
          jsonResponse({ ...conversation({ title: 'About focus' }), messages: [] }),
      },
      { showsTitle: true },
    );
    await known();
    controller.draft.value = 'Hi there';
    await controller.send('Hi there', 'prompt');
    expect(controller.draft.value).toBe('');
    expect(streamCalls(calls)[0]?.body).toMatchObject({
      message: { text: 'Hi there', conversationId: 'conv-1' },
    });
    expect(controller.chat.messages.value.map((m) => m.text)).toEqual(['Hi there', 'Hello']);
    await vi.waitFor(() => expect(controller.chat.conversation.value?.title).toBe('About focus'));
    expect(usageStore.usage.value?.usage.messages).toBeGreaterThanOrEqual(1);
  });

  it('never sends a text over the message limit: no request, no fake reply, the text waits in the prompt', async () => {
    const { controller, calls, notices, known } = setup(answering);
    await known();
    const long = 'x'.repeat(MESSAGE_MAX_LENGTH + 100);
    await controller.send(long, 'suggested');
    expect(streamCalls(calls)).toHaveLength(0);
    expect(controller.chat.messages.value).toEqual([]);
    expect(controller.draft.value).toBe(long);
    expect(notices).toEqual([]);
  });

  it('at the anonymous limit opens sign-in instead of sending, and keeps a suggested question in the prompt', async () => {
    const { controller, calls, login, known } = setup(
      {},
      { usage: usage({ usage: { messages: 10, voice_seconds: 0, video_seconds: 0 } }) },
    );
    await known();
    expect(controller.paywall.limitReached.value).toBe(true);
    await controller.send('How do you stay focused?', 'suggested');
    expect(streamCalls(calls)).toHaveLength(0);
    expect(login.request.value.open).toBe(true);
    expect(controller.draft.value).toBe('How do you stay focused?');
  });

  it('on a 402 restores the draft, tells that the text is exhausted and opens sign-in', async () => {
    const onTextExhausted = vi.fn();
    const { controller, login, notices, known } = setup(
      {
        'POST /api/conversations': () => jsonResponse(conversation(), 201),
        'POST /api/clone/talk/messages/stream': () => jsonResponse({ error: 'Out of messages' }, 402),
      },
      { onTextExhausted },
    );
    await known();
    await controller.send('One more', 'prompt');
    expect(controller.draft.value).toBe('One more');
    expect(controller.chat.messages.value).toEqual([]);
    expect(onTextExhausted).toHaveBeenCalledTimes(1);
    expect(login.request.value.open).toBe(true);
    expect(notices).toEqual([]);
  });

  it('sends the initial message once the visitor sees the chat and the session and usage are known', async () => {
    const shown = signal(false);
    const { controller, calls, known } = setup(
      {
        ...answering,
      },
      { shown, medium: 'EMBED' },
    );
    controller.offerInitialMessage('  Hello from the host  ', 'initial');
    await known();
    expect(streamCalls(calls)).toHaveLength(0);
    shown.value = true;
    await vi.waitFor(() => expect(streamCalls(calls)).toHaveLength(1));
    expect(streamCalls(calls)[0]?.body).toMatchObject({ message: { text: 'Hello from the host' } });
  });

  it('keeps an initial message in the prompt at the quota (spec/chat.md §5) and opens the paywall', async () => {
    const { controller, calls, login, known } = setup(
      {},
      { usage: usage({ usage: { messages: 10, voice_seconds: 0, video_seconds: 0 } }) },
    );
    controller.offerInitialMessage('Hi', 'initial');
    await known();
    await vi.waitFor(() => expect(controller.draft.value).toBe('Hi'));
    expect(streamCalls(calls)).toHaveLength(0);
    expect(login.request.value.open).toBe(true);
  });

  it('hands the prompt to the capture flow while it collects', async () => {
    const { controller, calls, known } = setup({});
    await known();
    const submitted: string[] = [];
    const capture: CaptureHandoff = {
      active: computed(() => true),
      applies: computed(() => true),
      submit: async (text) => {
        submitted.push(text);
        return true;
      },
    };
    controller.attachCapture(capture);
    controller.draft.value = 'ada@example.com';
    await controller.send('ada@example.com', 'prompt');
    expect(submitted).toEqual(['ada@example.com']);
    expect(controller.draft.value).toBe('');
    expect(streamCalls(calls)).toHaveLength(0);
  });

  it('claims the conversation on sign-in and starts over on sign-out', async () => {
    const { controller, calls, session, known } = setup({
      ...answering,
      'POST /api/conversations/conv-1/claim': () => jsonResponse({ ok: true }),
    });
    await known();
    await controller.send('Hi', 'prompt');
    await session.signedInWith({ token: 't', user: user() });
    await vi.waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/conversations/conv-1/claim')).toBe(true),
    );
    await session.signOut();
    expect(controller.chat.conversation.value).toBeNull();
    expect(controller.chat.messages.value).toEqual([]);
  });

  it('goes on with a remembered conversation, and forgets one that is gone', async () => {
    let kept: string | null = 'conv-9';
    const memory = { conversationId: () => kept, setConversationId: (id: string | null) => (kept = id) };
    const { controller } = setup({}, { memory });
    await vi.waitFor(() => expect(kept).toBeNull());
    expect(controller.chat.loadState.value).toBe('idle');
  });

  it('asks an anonymous visitor to sign in before a new conversation', async () => {
    const { controller, session, login, notices } = setup({});
    await session.refresh();
    expect(controller.newConversation()).toBe(false);
    expect(login.request.value.open).toBe(true);
    expect(notices).toEqual([]);
    expect(login.request.value).toEqual({ open: true, reason: 'You need to be logged in first.' });
  });
});

// @vitest-environment node
import {
  FALLBACK_CLONE_MESSAGE,
  STOP_GUARD_MS,
  STREAM_IDLE_TIMEOUT_MS,
  type StreamRequest,
} from '@doppel/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  controlledStream,
  conversation,
  jsonResponse,
  message,
  sseLine,
  sseResponse,
  usage,
} from '../test/fixtures';
import { type ChatApi, type ChatStoreOptions, createChatStore } from './chat-store';
import { createTextStreamTransport } from './chat-transport';

/** The conversation calls and the answer stream the tests fake. */
type FakeApi = ChatApi & { openMessageStream(body: StreamRequest, signal: AbortSignal): Promise<Response> };

/** A chat over the fake API, the answer stream as its transport. */
function chatStore(options: Omit<ChatStoreOptions, 'transport' | 'api'> & { api: FakeApi }) {
  return createChatStore({ ...options, transport: createTextStreamTransport(options.api.openMessageStream) });
}

function fakeApi(overrides: Partial<FakeApi> = {}): FakeApi {
  return {
    createConversation: vi.fn(async () => conversation()),
    fetchConversation: vi.fn(async () => ({ ...conversation(), messages: [] })),
    openMessageStream: vi.fn(async () =>
      sseResponse([
        ': keep-alive\n\n',
        sseLine({ type: 'token', token: 'Hel' }),
        sseLine({ type: 'token', token: 'lo' }),
        sseLine({ type: 'message', message: message({ text: 'Hello' }) }),
      ]),
    ),
    ...overrides,
  };
}

describe('createChatStore', () => {
  it('creates the conversation on first send, streams tokens and appends the stored answer', async () => {
    const api = fakeApi();
    const store = chatStore({ slug: 'demo', api, timezone: () => 'Europe/Paris' });
    const outcome = await store.send('  Hi there  ');
    expect(outcome.status).toBe('sent');
    expect(api.createConversation).toHaveBeenCalledWith({ slug: 'demo', instanceSlug: null, medium: 'WEB' });
    expect(api.openMessageStream).toHaveBeenCalledWith(
      {
        message: { type: 'TEXT', text: 'Hi there', slug: 'demo', conversationId: 'conv-1' },
        instanceId: null,
        timezone: 'Europe/Paris',
        streamId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      expect.any(AbortSignal),
    );
    expect(store.conversation.value?.id).toBe('conv-1');
    expect(store.messages.value.map((m) => [m.sender, m.text, m.state])).toEqual([
      ['USER', 'Hi there', 'sent'],
      ['CLONE', 'Hello', 'stored'],
    ]);
    expect(store.reply.value).toBeNull();
    expect(store.busy.value).toBe(false);
  });

  it('is pending before the first token, then streams token by token', async () => {
    const stream = controlledStream();
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({ openMessageStream: async () => stream.response }),
    });
    const sending = store.send('Hi');
    expect(store.reply.value).toEqual({ phase: 'pending', text: '' });
    stream.push(sseLine({ type: 'token', token: 'One ' }));
    await vi.waitFor(() => expect(store.reply.value).toEqual({ phase: 'streaming', text: 'One ' }));
    stream.push(sseLine({ type: 'token', token: 'two' }));
    await vi.waitFor(() => expect(store.reply.value?.text).toBe('One two'));
    stream.push(sseLine({ type: 'message', message: message({ text: 'One two' }) }));
    stream.end();
    await expect(sending).resolves.toMatchObject({ status: 'sent' });
  });

  it('ignores blank text and a second send while one is in flight', async () => {
    const stream = controlledStream();
    const api = fakeApi({ openMessageStream: vi.fn(async () => stream.response) });
    const store = chatStore({ slug: 'demo', api });
    expect(await store.send('   ')).toEqual({ status: 'ignored' });
    const first = store.send('one');
    expect(await store.send('two')).toEqual({ status: 'ignored' });
    stream.push(sseLine({ type: 'message', message: message() }));
    stream.end();
    await first;
    expect(api.openMessageStream).toHaveBeenCalledTimes(1);
  });

  it('refuses to cancel before 1 s, then aborts and keeps the partial text', async () => {
    let clock = 1_000;
    const stream = controlledStream();
    const store = chatStore({
      slug: 'demo',
      now: () => clock,
      api: fakeApi({ openMessageStream: async () => stream.response }),
    });
    const sending = store.send('Hi');
    stream.push(sseLine({ type: 'token', token: 'Partial answer' }));
    await vi.waitFor(() => expect(store.reply.value?.text).toBe('Partial answer'));
    clock += STOP_GUARD_MS - 1;
    expect(store.cancellable()).toBe(false);
    expect(store.cancel()).toBe(false);
    clock += 1;
    expect(store.cancel()).toBe(true);
    await expect(sending).resolves.toEqual({ status: 'cancelled', partialText: 'Partial answer' });
    expect(store.messages.value.at(-1)).toMatchObject({
      sender: 'CLONE',
      text: 'Partial answer',
      state: 'cancelled',
    });
    expect(store.busy.value).toBe(false);
  });

  it('tells the server what the visitor saw on Stop; the next message waits until it is told', async () => {
    let clock = 1_000;
    const stream = controlledStream();
    let told: () => void = () => undefined;
    const stopAnswer = vi.fn(
      (_id: string, shownText: string) =>
        new Promise<ReturnType<typeof message>>((resolve) => {
          told = () => resolve(message({ id: 'stored-1', text: shownText, interrupted: true }));
        }),
    );
    const open = vi.fn(async () => stream.response);
    const api = fakeApi({ stopAnswer, openMessageStream: open });
    const store = chatStore({ slug: 'demo', now: () => clock, api });
    const sending = store.send('Hi');
    stream.push(sseLine({ type: 'token', token: 'What I saw' }));
    await vi.waitFor(() => expect(store.reply.value?.text).toBe('What I saw'));
    clock += STOP_GUARD_MS;
    store.cancel();
    await sending;
    expect(stopAnswer).toHaveBeenCalledWith('conv-1', 'What I saw');
    // The next message is not sent before the server knows where the last answer stopped.
    open.mockImplementation(async () => sseResponse([sseLine({ type: 'message', message: message() })]));
    const next = store.send('Next question');
    await new Promise((r) => setTimeout(r, 20));
    expect(open).toHaveBeenCalledTimes(1);
    told();
    await next;
    expect(open).toHaveBeenCalledTimes(2);
    // The stored answer, cut to what was seen, took the local one's place.
    expect(store.messages.value.map((m) => [m.id, m.text, m.interrupted])).toContainEqual([
      'stored-1',
      'What I saw',
      true,
    ]);
  });

  it('shows the fallback message on an error event', async () => {
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({
        openMessageStream: async () =>
          sseResponse([
            sseLine({ type: 'token', token: 'Hm' }),
            sseLine({ type: 'error', error: 'LLM down' }),
          ]),
      }),
    });
    const outcome = await store.send('Hi');
    expect(outcome).toEqual({ status: 'failed', failure: 'stream', error: 'LLM down', restoreDraft: false });
    expect(store.messages.value.at(-1)).toMatchObject({ text: FALLBACK_CLONE_MESSAGE, state: 'failed' });
  });

  it('asks to restore the draft when the server refuses the message', async () => {
    const { ApiError } = await import('../api/api-error');
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({
        openMessageStream: async () => {
          throw await ApiError.fromResponse(jsonResponse({ error: 'Message is too long' }, 400));
        },
      }),
    });
    const outcome = await store.send('Hi');
    expect(outcome).toEqual({
      status: 'failed',
      failure: 'refused',
      error: 'Message is too long',
      restoreDraft: true,
    });
    expect(store.messages.value.at(-1)?.text).toBe(FALLBACK_CLONE_MESSAGE);
  });

  it('on a 402 takes the message back, shows no fallback and hands over the refusing usage', async () => {
    const { ApiError } = await import('../api/api-error');
    const refusing = usage({ usage: { messages: 10, voice_seconds: 0, video_seconds: 0 } });
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({
        openMessageStream: async () => {
          throw await ApiError.fromResponse(
            jsonResponse({ error: 'Message quota reached', usage: refusing }, 402),
          );
        },
      }),
    });
    const outcome = await store.send('Hi');
    expect(outcome).toEqual({
      status: 'failed',
      failure: 'usage',
      error: 'Message quota reached',
      restoreDraft: true,
      usage: refusing,
    });
    expect(store.messages.value).toEqual([]);
    expect(store.busy.value).toBe(false);
  });

  it('fails when the stream ends without the stored message', async () => {
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({ openMessageStream: async () => sseResponse([sseLine({ type: 'token', token: 'x' })]) }),
    });
    expect(await store.send('Hi')).toMatchObject({ status: 'failed', failure: 'stream' });
  });

  it('ends an idle stream after 30 s; every line, keep-alives included, restarts the wait', async () => {
    vi.useFakeTimers();
    const stream = controlledStream();
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({ openMessageStream: async () => stream.response }),
    });
    const sending = store.send('Hi');
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_TIMEOUT_MS - 1_000);
    stream.push(': keep-alive\n\n');
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_TIMEOUT_MS - 1_000);
    expect(store.busy.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(sending).resolves.toMatchObject({ status: 'failed', failure: 'timeout' });
    expect(store.messages.value.at(-1)?.text).toBe(FALLBACK_CLONE_MESSAGE);
  });

  it('takes the message back when the conversation cannot be created', async () => {
    const store = chatStore({
      slug: 'demo',
      api: fakeApi({
        createConversation: async () => {
          throw new Error('Clone not found');
        },
      }),
    });
    expect(await store.send('Hi')).toMatchObject({
      status: 'failed',
      failure: 'conversation',
      restoreDraft: true,
    });
    expect(store.messages.value).toEqual([]);
  });

  it('loads a stored conversation and refuses one of another clone', async () => {
    const api = fakeApi({
      fetchConversation: vi.fn(async (id: string) => ({
        ...conversation({ id, cloneSlug: id === 'other' ? 'someone' : 'demo' }),
        messages: [message({ sender: 'USER', id: 'u1', text: 'Q' }), message({ id: 'c1', text: 'A' })],
      })),
    });
    const store = chatStore({ slug: 'demo', api });
    await store.load('conv-9');
    expect(store.loadState.value).toBe('ready');
    expect(store.messages.value.map((m) => m.text)).toEqual(['Q', 'A']);
    await store.load('other');
    expect(store.loadState.value).toBe('missing');
    store.reset();
    expect(store.conversation.value).toBeNull();
  });
});

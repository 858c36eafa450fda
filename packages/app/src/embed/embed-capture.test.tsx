import { CAPTURE_TEXT } from '@doppel/core';
import { EMBED_TOKEN_STORAGE_KEY } from '@doppel/protocol';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { mockEmbedApi, renderEmbed } from '../test/render-embed';
// Loaded on demand by the chat; imported here so the fake clock does not wait on module loading.
import '../chat/sse-data-reader';
import './capture-block';
import './embed-capture-flow';
import '../account/account-dropdown';

const EMAIL = 'visitor@example.com';

/** A visitor one message short of the demo's 10 free messages. */
function captureApi(overrides: Parameters<typeof mockEmbedApi>[0] = {}) {
  let used = 9;
  let signedIn = false;
  const api = mockEmbedApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/clones/demo/usage': () =>
      jsonResponse(
        signedIn
          ? usage({
              anonymous: false,
              usage: { messages: 0, voice_seconds: 0, video_seconds: 0 },
              quota: { messages: 30, voice_seconds: 0, video_seconds: 0 },
            })
          : usage({ usage: { messages: used, voice_seconds: 0, video_seconds: 0 } }),
      ),
    'POST /api/conversations': () => jsonResponse(conversation({ id: 'conv-1', medium: 'EMBED' }), 201),
    'POST /api/clone/talk/messages/stream': () => {
      used += 1;
      return sseResponse([
        sseLine({ type: 'token', token: 'Sharp tools, calm hands.' }),
        sseLine({ type: 'message', message: message({ text: 'Sharp tools, calm hands.' }) }),
      ]);
    },
    'POST /api/auth/email/send': () => jsonResponse({ ok: true }),
    'POST /api/auth/email/verify': ({ body }) => {
      const { code } = body as { code: string };
      if (code !== '654321') return jsonResponse({ error: 'That code is wrong or has expired.' }, 400);
      signedIn = true;
      return jsonResponse({ token: 'tok-captured', user: user({ email: EMAIL }) });
    },
    'GET /api/embed/auth': ({ headers }) =>
      headers.Authorization === 'Bearer tok-captured'
        ? jsonResponse({ user: user({ email: EMAIL }), token: 'tok-captured' })
        : jsonResponse({ error: 'You need to be logged in first.' }, 401),
    'POST /api/conversations/conv-1/claim': () =>
      jsonResponse({ conversation: conversation({ id: 'conv-1' }), claimed: true }),
    ...overrides,
  });
  return api;
}

/** Lets the fake clock run `ms`, flushing promises (fetch answers, React updates) on the way. */
async function wait(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Runs promise callbacks and React updates without moving the clock. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await wait(0);
}

const promptBox = () => screen.getByRole('textbox') as HTMLTextAreaElement;

async function submit(text: string): Promise<void> {
  fireEvent.change(promptBox(), { target: { value: text } });
  fireEvent.keyDown(promptBox(), { key: 'Enter' });
  await settle();
}

/** Renders the embed and sends the visitor's 10th message; the answer has arrived when it resolves. */
async function reachQuota() {
  const api = captureApi();
  const view = renderEmbed({ welcome: { mode: 'bubble', open: true } });
  await settle();
  await submit('How do I sharpen a chisel?');
  expect(screen.getByText('Sharp tools, calm hands.')).toBeTruthy();
  return { ...api, ...view };
}

describe('capture in the embedded chat', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The typing delays at their shortest: 800 ms, then 600 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the e-mail 500 ms after the quota, after the clone types, then takes the code', async () => {
    const { calls, host, storage } = await reachQuota();
    expect(promptBox().placeholder).toBe('Message Ada Demo…');
    expect(host.events()).toContainEqual({ type: 'text-exhausted', payload: {} });

    await wait(499);
    expect(screen.queryByRole('status', { name: 'Ada Demo is typing' })).toBeNull();
    await wait(1);
    expect(screen.getByRole('status', { name: 'Ada Demo is typing' })).toBeTruthy();
    expect(promptBox().placeholder).toBe('One moment…');
    expect(promptBox().disabled).toBe(true);

    await wait(800 + 599);
    expect(screen.queryByText(CAPTURE_TEXT.askEmail)).toBeNull();
    await wait(1);
    expect(screen.getByText(CAPTURE_TEXT.askEmail)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Ada Demo is typing' })).toBeNull();
    expect(promptBox().placeholder).toBe('Enter your email');

    // Not an address: said by the clone, nothing sent.
    await submit('not an email');
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/auth/email/send')).toBe(false);
    expect(calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream')).toHaveLength(1);

    await submit(EMAIL);
    expect(calls.find((c) => c.key === 'POST /api/auth/email/send')?.body).toEqual({ email: EMAIL });
    expect(screen.getByText(CAPTURE_TEXT.askEmailCode(EMAIL))).toBeTruthy();
    expect(screen.queryByText('Invalid Email')).toBeNull();
    expect(promptBox().value).toBe('');
    expect(promptBox().placeholder).toBe('Enter the 6-digit code we emailed you');

    // A wrong code: the server's words, as the clone's line.
    await submit('123456');
    const error = screen.getByText('That code is wrong or has expired.');
    expect(error.closest('.message-clone')).toBeTruthy();
    expect(storage.token()).toBeNull();

    await submit('654-321');
    await settle();
    expect(screen.getByText(CAPTURE_TEXT.completed)).toBeTruthy();
    expect(storage.token()).toBe('tok-captured');
    expect(localStorage.getItem(EMBED_TOKEN_STORAGE_KEY)).toBe('tok-captured');
    const verify = calls.filter((c) => c.key === 'POST /api/auth/email/verify').at(-1);
    expect(verify?.body).toMatchObject({ email: EMAIL, code: '654321' });
    // COMPLETED: the session is read with the new token, the conversation claimed, usage read again.
    const auth = calls.filter((c) => c.key === 'GET /api/embed/auth');
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.every((c) => c.headers.Authorization === 'Bearer tok-captured')).toBe(true);
    expect(calls.some((c) => c.key === 'POST /api/conversations/conv-1/claim')).toBe(true);
    const lastUsage = calls.filter((c) => c.key === 'GET /api/clones/demo/usage').at(-1);
    expect(lastUsage?.headers.Authorization).toBe('Bearer tok-captured');
    expect(screen.getByRole('button', { name: `Account: ${EMAIL}` })).toBeTruthy();

    // The chat goes on: the prompt is the chat's again.
    expect(promptBox().placeholder).toBe('Message Ada Demo…');
    await submit('And glue?');
    expect(calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream')).toHaveLength(2);
    expect(
      calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream').at(-1)?.headers.Authorization,
    ).toBe('Bearer tok-captured');
  });

  it('sends the code again and goes back to change the address', async () => {
    let release: () => void = () => undefined;
    let sends = 0;
    const { calls } = captureApi({
      'POST /api/auth/email/send': () => {
        sends += 1;
        if (sends === 1) return jsonResponse({ ok: true });
        return new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ ok: true }));
        });
      },
    });
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    await settle();
    await submit('How do I sharpen a chisel?');
    await wait(500 + 800 + 600);
    await submit(EMAIL);
    const log = screen.getByRole('log');
    await act(async () => {
      fireEvent.click(within(log).getByRole('button', { name: 'Send code again' }));
    });
    expect(within(log).getByText('Resending code...')).toBeTruthy();
    release();
    await settle();
    expect(within(log).getByText('Code resent')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /api/auth/email/send')).toHaveLength(2);

    await act(async () => {
      fireEvent.click(within(log).getByRole('button', { name: 'Change email' }));
    });
    await settle();
    expect(promptBox().placeholder).toBe('Enter your email');
    expect(within(log).queryByText(CAPTURE_TEXT.askEmailCode(EMAIL))).toBeNull();
  });

  it('shows a failed resend inline, as the clone', async () => {
    let sends = 0;
    captureApi({
      'POST /api/auth/email/send': () =>
        ++sends === 1
          ? jsonResponse({ ok: true })
          : jsonResponse({ error: 'Too many codes. Try again later.' }, 429),
    });
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    await settle();
    await submit('Hello');
    await wait(500 + 800 + 600);
    await submit(EMAIL);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code again' }));
    });
    await settle();
    expect(screen.getByText('Too many codes. Try again later.').closest('.message-clone')).toBeTruthy();
    expect(screen.queryByText('Code resent')).toBeNull();
  });

  it('asks a closed bubble to open when the e-mail step needs the visitor', async () => {
    const { host } = await reachQuota();
    act(() => host.deliver('close'));
    await wait(500 + 800 + 600);
    expect(screen.getByText(CAPTURE_TEXT.askEmail)).toBeTruthy();
    expect(host.events().at(-1)).toEqual({ type: 'open', payload: undefined });
  });

  it('does not start for a signed-in user', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-captured');
    captureApi();
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    await settle();
    await submit('Hello');
    await wait(5_000);
    expect(screen.queryByText(CAPTURE_TEXT.askEmail)).toBeNull();
    expect(promptBox().placeholder).toBe('Message Ada Demo…');
  });
});

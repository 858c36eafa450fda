import { BOT_CHECK_FAILED, type StreamRequest } from '@doppel/protocol';
import { createChallenge, verifySolution } from 'altcha-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api';
import { textStreamTransport } from '../chat/chat-transport';
import { createBotCheck } from './bot-check';

const KEY = 'test-hmac-key';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server that checks: real ALTCHA challenges, tokens `t1`, `t2`… for verified solutions. */
function checkingServer(options: { refuseFirstSend?: boolean } = {}) {
  const seen = { challenges: 0, redeemed: 0, sentTokens: [] as (string | null | undefined)[] };
  let refuse = options.refuseFirstSend ?? false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (key === 'GET /api/bot-check') {
        seen.challenges += 1;
        return json({ required: true, challenge: await createChallenge({ hmacKey: KEY, maxNumber: 500 }) });
      }
      if (key === 'POST /api/bot-check') {
        const payload = JSON.parse(atob(body.payload));
        if (!(await verifySolution(payload, KEY, false))) return json({ error: BOT_CHECK_FAILED }, 400);
        seen.redeemed += 1;
        return json({
          token: `t${seen.redeemed}`,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        });
      }
      if (key === 'POST /api/clone/talk/messages/stream') {
        seen.sentTokens.push(body.message.botToken);
        if (refuse) {
          refuse = false;
          return json({ error: BOT_CHECK_FAILED }, 403);
        }
        return new Response('data: {"type":"token","token":"Hi"}\n\n', {
          headers: { 'Content-Type': 'text/event-stream' },
        });
      }
      return json({ error: `No mock for ${key}` }, 404);
    }),
  );
  return seen;
}

const request: StreamRequest = {
  message: { type: 'TEXT', text: 'Hello', slug: 'demo', conversationId: 'c1' },
  timezone: 'UTC',
};
const handlers = { onAccepted: () => undefined, onActivity: () => undefined, onEvent: () => undefined };

describe('the site bot check', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('solves the challenge once and sends its token with every message', async () => {
    const seen = checkingServer();
    const api = createApiClient();
    const transport = textStreamTransport(api, createBotCheck(api));
    await transport.send(request, handlers, new AbortController().signal);
    await transport.send(request, handlers, new AbortController().signal);
    expect(seen.challenges).toBe(1);
    expect(seen.redeemed).toBe(1);
    expect(seen.sentTokens).toEqual(['t1', 't1']);
  });

  it('replaces a token the server refuses, once, and sends again', async () => {
    const seen = checkingServer({ refuseFirstSend: true });
    const api = createApiClient();
    await textStreamTransport(api, createBotCheck(api)).send(request, handlers, new AbortController().signal);
    expect(seen.sentTokens).toEqual(['t1', 't2']);
  });

  it('renews a token close to its end before sending', async () => {
    const seen = checkingServer();
    const api = createApiClient();
    let clock = Date.now();
    const check = createBotCheck(api, () => clock);
    expect(await check.token()).toBe('t1');
    clock += 3_600_000 - 60_000; // a minute before it ends
    expect(await check.token()).toBe('t2');
    expect(seen.challenges).toBe(2);
  });

  it('asks for nothing where the server checks nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ required: false })),
    );
    const check = createBotCheck(createApiClient());
    expect(await check.token()).toBeNull();
    expect(await check.token()).toBeNull();
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});

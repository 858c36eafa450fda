import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TEST_AUTH_SECRET, testConfig } from '../../test/support/harness';
import { stubDb } from '../../test/support/stub-db';
import { createApp } from '../app';
import type { Logger } from '../logger';
import { type Listening, listen } from './listen';

/** Short enough for a test, in the proportions of the defaults. */
const timeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 200 };
/** How long a probe waits for the server to close before the test calls it a failure. */
const PATIENCE_MS = 4_000;

interface Probe {
  /** When the server closed the connection, in ms after connecting; null if it never did. */
  closedAfterMs: number | null;
  /** Everything the server sent. */
  received: string;
}

/**
 * Connects to `port`, lets `drive` write to the socket, and answers once the server closes it
 * (or after PATIENCE_MS). `drive` may answer a timer that is stopped when the socket closes.
 */
function probe(port: number, drive: (socket: Socket) => NodeJS.Timeout | undefined): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const start = Date.now();
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => undefined);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.removeAllListeners('close');
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, PATIENCE_MS);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - start, received });
    });
    socket.on('connect', () => {
      timer = drive(socket);
    });
  });
}

/** Writes `text` every `ms` until stopped: a client too slow to finish its request. */
const trickle = (socket: Socket, text: string, ms = 50): NodeJS.Timeout =>
  setInterval(() => {
    if (!socket.destroyed) socket.write(text);
  }, ms);

describe('listen: timeouts on the node:http server', () => {
  let server: Listening;

  beforeAll(async () => {
    const app = new Hono()
      .get('/', (c) => c.text('ok'))
      .post('/stream', async (c) => {
        const { ticks } = z.object({ ticks: z.number().int() }).parse(await c.req.json());
        // An answer stream that lasts well past the request timeout (1.5 s against 0.6 s).
        return streamSSE(c, async (stream) => {
          for (let i = 0; i < ticks; i++) {
            await stream.writeSSE({ data: String(i) });
            await stream.sleep(100);
          }
          await stream.writeSSE({ data: 'done' });
        });
      })
      // A body cut by the request timeout fails its read; quietly, as app.ts does.
      .onError((_, c) => c.text('Request body incomplete', 400));
    server = await listen(app, 0, '127.0.0.1', timeouts);
  });
  afterAll(() => server.close(100));

  it('cuts a client that trickles its headers (headers timeout)', async () => {
    const result = await probe(server.port, (socket) => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      return trickle(socket, 'X-Slow: 1\r\n');
    });
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(timeouts.headersMs + 1_500);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a client that connects and sends nothing', async () => {
    const result = await probe(server.port, () => undefined);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(timeouts.headersMs + 1_500);
  });

  it('cuts a client that trickles its body (request timeout)', async () => {
    const result = await probe(server.port, (socket) => {
      socket.write('POST /stream HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
      socket.write('Content-Length: 1000\r\n\r\n{"ticks":1');
      return trickle(socket, ' ');
    });
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs).toBeLessThan(timeouts.requestMs + 1_500);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle kept-alive connection (keep-alive timeout)', async () => {
    const result = await probe(server.port, (socket) => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      return undefined;
    });
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.closedAfterMs).not.toBeNull();
    // Node gives a kept-alive socket up to a second more than keepAliveTimeout.
    expect(result.closedAfterMs).toBeLessThan(timeouts.keepAliveMs + 2_000);
  });

  it('lets an answer stream run longer than the request timeout to its end', async () => {
    const body = JSON.stringify({ ticks: 15 });
    const result = await probe(server.port, (socket) => {
      socket.write(
        `POST /stream HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      return undefined;
    });
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.received).toContain('data: 14\n\n');
    expect(result.received).toContain('data: done\n\n');
    expect(result.closedAfterMs).toBeGreaterThan(timeouts.requestMs * 2);
  });
});

describe('a client that stops sending its body', () => {
  const lines: string[] = [];
  const logger: Logger = {
    debug: (m) => lines.push(`debug ${m}`),
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  const config = testConfig({ auth: { ...testConfig().auth, secret: TEST_AUTH_SECRET } });
  const app = createApp({ db: stubDb, brain: scriptedBrain([]), config, logger });
  let server: Listening;

  beforeAll(async () => {
    server = await listen(app, 0, '127.0.0.1', timeouts);
  });
  afterAll(() => server.close(100));

  it('is no error: aborting mid-upload is logged below error level', async () => {
    lines.length = 0;
    await probe(server.port, (socket) => {
      socket.write('POST /api/feedback HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
      socket.write('Content-Length: 1000\r\n\r\n{"subject":"half');
      return setTimeout(() => socket.destroy(), 100);
    });
    await expect.poll(() => lines.length, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(lines.some((l) => /^(info|debug) POST \/api\/feedback/.test(l))).toBe(true);
  });

  it('is no error when the request timeout cuts a trickled body either', async () => {
    lines.length = 0;
    const result = await probe(server.port, (socket) => {
      socket.write('POST /api/feedback HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
      socket.write('Content-Length: 1000\r\n\r\n{"subject":"slow');
      return trickle(socket, ' ');
    });
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
    await expect.poll(() => lines.length, { timeout: 2_000 }).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('answers 400, not 500, when the body breaks off (through app.request)', async () => {
    lines.length = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"subject":"half'));
        controller.error(new Error('aborted'));
      },
    });
    const res = await app.request('/api/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Request body incomplete' });
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });
});

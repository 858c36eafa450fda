import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBody } from '.';

const Body = z.object({ name: z.string().min(1, 'Name is empty'), age: z.number().int() });
const app = new Hono().post('/', jsonBody(Body, { maxBytes: 100 }), (c) => c.json({ got: c.var.body }));
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('jsonBody', () => {
  it('hands the parsed body to the route', async () => {
    const res = await post(JSON.stringify({ name: 'Ada', age: 36, extra: true }));
    expect(await res.json()).toEqual({ got: { name: 'Ada', age: 36 } });
  });

  it('answers 400 Malformed JSON body for broken or missing JSON', async () => {
    for (const body of ['{"name":', '', 'undefined']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed JSON body' });
    }
  });

  it('answers 400 with the fields and problems the schema found', async () => {
    const res = await post(JSON.stringify({ name: '', age: 'old' }));
    expect(res.status).toBe(400);
    const { error } = z.object({ error: z.string() }).parse(await res.json());
    expect(error).toMatch(/^name: Name is empty; age: /);
  });

  it('answers 413 past the limit, by declared length and by the bytes read', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(200), age: 1 });
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Request body too large' });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await app.request('/', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('reads a body over real HTTP by its declared length, and a chunked one up to the limit', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // `chunks` written one by one; a declared length when `length` is given, else chunked.
    const send = (chunks: string[], length?: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(length === undefined ? {} : { 'content-length': String(length) }),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    try {
      const ok = JSON.stringify({ name: 'Åda', age: 36 });
      const declared = await send([ok.slice(0, 5), ok.slice(5)], Buffer.byteLength(ok));
      expect(declared).toEqual({ status: 200, body: JSON.stringify({ got: { name: 'Åda', age: 36 } }) });
      expect(await send([ok])).toEqual(declared);
      const big = JSON.stringify({ name: 'x'.repeat(200), age: 1 });
      expect((await send([big], Buffer.byteLength(big))).status).toBe(413);
      expect((await send([big.slice(0, 90), big.slice(90)])).status).toBe(413);
      expect((await send(['{"name":'], 8)).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('uses the route’s own description of a refusal when given', async () => {
    const custom = new Hono().post('/', jsonBody(Body, { maxBytes: 100, describe: () => 'Nope' }), (c) =>
      c.text('ok'),
    );
    const res = await custom.request('/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toEqual({ error: 'Nope' });
  });

  it('answers 415 unless the body is declared JSON, whatever it holds', async () => {
    const body = JSON.stringify({ name: 'Ada', age: 36 });
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]) {
      const res = await post(body, { 'content-type': type });
      expect([res.status, await res.json()]).toEqual([
        415,
        { error: 'Content-Type must be application/json' },
      ]);
    }
    const bare = await app.request('/', { method: 'POST', body });
    expect(bare.status).toBe(415);
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
    ]) {
      expect((await post(body, { 'content-type': type })).status).toBe(200);
    }
  });

  it('answers 400 naming the field that holds a control character', async () => {
    const res = await post(JSON.stringify({ name: 'A\u0000da', age: 36 }));
    expect([res.status, await res.json()]).toEqual([
      400,
      { error: 'Text may not contain control characters (name: U+0000)' },
    ]);
    const nested = await post(JSON.stringify({ name: 'Ada', age: 36, tags: ['ok', 'b\u001bell'] }));
    expect(await nested.json()).toEqual({
      error: 'Text may not contain control characters (tags.1: U+001B)',
    });
    const lines = await post(JSON.stringify({ name: 'Ada\n\tLovelace\r\n', age: 36 }));
    expect(lines.status).toBe(200);
  });
});

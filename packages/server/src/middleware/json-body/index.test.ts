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

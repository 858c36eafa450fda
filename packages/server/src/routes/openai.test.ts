import { join } from 'node:path';
import { createLocalBrain, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import type { Hono } from 'hono';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { type Listening, listen } from '../process/listen';
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from '../store/api-keys';
import { findCloneBySlug } from '../store/clones';

const folder = join(import.meta.dirname, '../../test/fixtures/mini-clone');
const ask = {
  model: 'mini',
  messages: [{ role: 'user' as const, content: 'What do bees do in winter?' }],
};
const Completion = z.object({
  object: z.literal('chat.completion'),
  choices: z.array(z.object({ message: z.object({ role: z.literal('assistant'), content: z.string() }) })),
});
const OpenAiError = z.object({
  error: z.object({ message: z.string().min(1), type: z.string(), code: z.string().nullable() }),
});
const Chunk = z.object({
  object: z.literal('chat.completion.chunk'),
  choices: z.array(z.object({ delta: z.object({ content: z.string().optional() }) })),
});

describe.each(testDatabases())('OpenAI-compatible endpoint on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let server: Listening;
  let base = '';
  /** A key for `mini`, and one for `ada` (another clone). */
  let miniKey = '';
  let adaKey = '';

  /** A JSON POST through `app.request`, with `key` as a bearer token. */
  const post = (path: string, body: unknown, key: string | null = miniKey): Promise<Response> =>
    Promise.resolve(
      app.request(path, {
        method: 'POST',
        headers:
          key === null
            ? { 'content-type': 'application/json' }
            : { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  /** The official client, as a voice provider's server would use it. */
  const client = (apiKey: string, path = '/api/openai/v1') =>
    new OpenAI({ baseURL: `${base}${path}`, apiKey, maxRetries: 0 });
  const keyRow = async (slug: string, name: string): Promise<ApiKeyRow> => {
    const clone = await findCloneBySlug(db, slug);
    const row = (await listApiKeys(db, clone?.id ?? '')).find((k) => k.name === name);
    if (!row) throw new Error(`no key ${name}`);
    return row;
  };

  beforeAll(async () => {
    db = await open();
    await importClone(db, folder);
    const ada = await seedClone(db, 'ada');
    const mini = await findCloneBySlug(db, 'mini');
    if (!mini) throw new Error('mini was not imported');
    miniKey = (await createApiKey(db, { cloneId: mini.id, name: 'tests' })).key;
    adaKey = (await createApiKey(db, { cloneId: ada.id, name: 'ada tests' })).key;
    app = testApp(db, createLocalBrain(db));
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close(100);
    await db.close();
  });

  it('answers 401 in OpenAI error shape without a key, with a made-up one and to the /vapi form', async () => {
    const paths = ['/api/openai/v1/chat/completions', '/api/openai/v1/vapi/chat/completions'];
    for (const path of paths) {
      const refused: Record<string, string>[] = [
        {},
        { authorization: 'Bearer dpl_madeup' },
        { authorization: 'Basic abc' },
      ];
      for (const headers of refused) {
        const res = await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(ask),
        });
        expect([path, res.status]).toEqual([path, 401]);
        const body = OpenAiError.parse(await res.json());
        expect(body.error.type).toBe('invalid_request_error');
      }
    }
    const models = await app.request('/api/openai/v1/models');
    expect(models.status).toBe(401);
    OpenAiError.parse(await models.json());
  });

  it('lists the key’s clone as the one model', async () => {
    const list = z
      .object({
        object: z.literal('list'),
        data: z.array(z.object({ id: z.string(), object: z.literal('model') })),
      })
      .parse(
        await (
          await app.request('/api/openai/v1/models', { headers: { authorization: `Bearer ${miniKey}` } })
        ).json(),
      );
    expect(list.data.map((m) => m.id)).toEqual(['mini']);
    expect((await client(adaKey).models.list()).data.map((m) => m.id)).toEqual(['ada']);
  });

  it('answers a completion as the clone', async () => {
    const res = await post('/api/openai/v1/chat/completions', ask);
    expect(res.status).toBe(200);
    const completion = Completion.parse(await res.json());
    expect(completion.choices[0]?.message.content).toMatch(/honey|cluster/i);
  });

  it('streams chunks ending with [DONE] when stream is true', async () => {
    const res = await post('/api/openai/v1/chat/completions', { ...ask, stream: true });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const lines = (await res.text()).split('\n\n').filter((l) => l.startsWith('data: '));
    expect(lines.at(-1)).toBe('data: [DONE]');
    const text = lines
      .slice(0, -1)
      .map((l) => Chunk.parse(JSON.parse(l.slice(6))).choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toMatch(/honey|cluster/i);
  });

  it('refuses malformed JSON, bad bodies and unknown models', async () => {
    const malformed = await post('/api/openai/v1/chat/completions', '{"model":');
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'Malformed JSON body' }]);
    expect((await post('/api/openai/v1/chat/completions', { model: 'mini' })).status).toBe(400);
    expect((await post('/api/openai/v1/chat/completions', { ...ask, model: 'nobody' })).status).toBe(404);
  });

  it('answers through the official client with the key as its apiKey (Authorization: Bearer)', async () => {
    const completion = await client(miniKey).chat.completions.create(ask);
    expect(completion.choices[0]?.message.content).toMatch(/honey|cluster/i);
    const stream = await client(miniKey).chat.completions.create({ ...ask, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toMatch(/honey|cluster/i);
    const refused = await client('dpl_not-a-key')
      .chat.completions.create(ask)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    if (refused instanceof OpenAI.AuthenticationError) {
      expect(refused.status).toBe(401);
      expect(refused.code).toBe('invalid_api_key');
    }
  });

  it('serves the /vapi form (Vapi’s custom LLM URL …/v1/vapi) with the same key check', async () => {
    const completion = await client(miniKey, '/api/openai/v1/vapi').chat.completions.create({
      ...ask,
      // Vapi adds the call and its metadata to the body; they are not the question.
      ...{ call: { id: 'call-1' }, metadata: { source: 'vapi' } },
    });
    expect(completion.choices[0]?.message.content).toMatch(/honey|cluster/i);
    // Vapi's older server secret header is accepted on this form.
    const secret = await app.request('/api/openai/v1/vapi/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': miniKey },
      body: JSON.stringify(ask),
    });
    expect(secret.status).toBe(200);
    // The plain form reads the Authorization header only.
    const plain = await app.request('/api/openai/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': miniKey },
      body: JSON.stringify(ask),
    });
    expect(plain.status).toBe(401);
    const refused = await client('dpl_nope', '/api/openai/v1/vapi')
      .chat.completions.create(ask)
      .catch((e) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('keeps a key to its own clone: another clone is a model that does not exist (404)', async () => {
    const failure = await client(adaKey)
      .chat.completions.create(ask)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.NotFoundError);
    if (failure instanceof OpenAI.NotFoundError) expect(failure.code).toBe('model_not_found');
    const own = await client(adaKey).chat.completions.create({ ...ask, model: 'ada' });
    expect(own.choices[0]?.message.role).toBe('assistant');
  });

  it('refuses a revoked key at once', async () => {
    const mini = await findCloneBySlug(db, 'mini');
    const { id, key } = await createApiKey(db, { cloneId: mini?.id ?? '', name: 'short-lived' });
    expect((await client(key).chat.completions.create(ask)).object).toBe('chat.completion');
    expect(await revokeApiKey(db, id, new Date())).toBe('revoked');
    const failure = await client(key)
      .chat.completions.create(ask)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((await post('/api/openai/v1/chat/completions', ask, key)).status).toBe(401);
  });

  it('counts per key what it answered: requests, characters, tokens, last use', async () => {
    const mini = await findCloneBySlug(db, 'mini');
    const { key } = await createApiKey(db, { cloneId: mini?.id ?? '', name: 'counted' });
    expect(await keyRow('mini', 'counted')).toMatchObject({
      requests: 0,
      answered_characters: 0,
      completion_tokens: 0,
      last_used_at: null,
    });
    const completion = await client(key).chat.completions.create(ask);
    const stream = await client(key).chat.completions.create({ ...ask, stream: true });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
    const answered = (completion.choices[0]?.message.content ?? '').length + streamed.length;
    await expect.poll(async () => (await keyRow('mini', 'counted')).requests).toBe(2);
    const row = await keyRow('mini', 'counted');
    expect(row.answered_characters).toBe(answered);
    expect(row.completion_tokens).toBeGreaterThan(0);
    expect(row.last_used_at).toBeInstanceOf(Date);
    // A refused request answers nothing: not counted as an answer.
    await client(key)
      .chat.completions.create({ ...ask, model: 'ada' })
      .catch(() => undefined);
    expect((await keyRow('mini', 'counted')).requests).toBe(2);
    // Another key's counters are its own.
    expect((await keyRow('ada', 'ada tests')).answered_characters).toBeGreaterThan(0);
  });

  it('stores only a hash of each key, never the key', async () => {
    const rows = await db.query<Record<string, unknown>>('SELECT * FROM api_keys');
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const key of [miniKey, adaKey]) {
      expect(key).toMatch(/^dpl_[A-Za-z0-9_-]{43}$/);
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.slice(4));
    }
  });
});

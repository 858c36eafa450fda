import { join } from 'node:path';
import { createLocalBrain, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postJson, testApp } from '../../test/support/harness';

const folder = join(import.meta.dirname, '../../test/fixtures/mini-clone');
const ask = { model: 'mini', messages: [{ role: 'user', content: 'What do bees do in winter?' }] };
const Completion = z.object({
  object: z.literal('chat.completion'),
  choices: z.array(z.object({ message: z.object({ role: z.literal('assistant'), content: z.string() }) })),
});
const Chunk = z.object({
  object: z.literal('chat.completion.chunk'),
  choices: z.array(z.object({ delta: z.object({ content: z.string().optional() }) })),
});

describe.each(testDatabases())('OpenAI-compatible endpoint on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  beforeAll(async () => {
    db = await open();
    await importClone(db, folder);
    app = testApp(db, createLocalBrain(db));
  });
  afterAll(() => db.close());

  it('lists public clones as models', async () => {
    const list = z
      .object({
        object: z.literal('list'),
        data: z.array(z.object({ id: z.string(), object: z.literal('model') })),
      })
      .parse(await (await app.request('/api/openai/v1/models')).json());
    expect(list.data.map((m) => m.id)).toEqual(['mini']);
  });

  it('answers a completion as the clone', async () => {
    const res = await postJson(app, '/api/openai/v1/chat/completions', ask);
    expect(res.status).toBe(200);
    const completion = Completion.parse(await res.json());
    expect(completion.choices[0]?.message.content).toMatch(/honey|cluster/i);
  });

  it('streams chunks ending with [DONE] when stream is true', async () => {
    const res = await postJson(app, '/api/openai/v1/chat/completions', { ...ask, stream: true });
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
    const malformed = await postJson(app, '/api/openai/v1/chat/completions', '{"model":');
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'Malformed JSON body' }]);
    expect((await postJson(app, '/api/openai/v1/chat/completions', { model: 'mini' })).status).toBe(400);
    expect((await postJson(app, '/api/openai/v1/chat/completions', { ...ask, model: 'nobody' })).status).toBe(
      404,
    );
  });
});

import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  ConversationWithMessages,
  SourcesResponse,
  StopAnswerResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATIONS, gate, pausingBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';
const TOKENS = ['Let me walk ', 'you through ', 'it [1]. ', 'Then sand ', 'the edge.'];

/** A brain the test holds after its first token until `release` (one per answer). */
function heldBrain() {
  let current = gate();
  const brain: Brain = {
    answer(input) {
      const held = pausingBrain(TOKENS, current.promise);
      return held.brain.answer(input);
    },
  };
  return {
    brain,
    release: () => current.open(),
    rearm: () => {
      current = gate();
    },
  };
}

describe.each(testDatabases())('stop on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  const held = heldBrain();

  const browser = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  const start = async (client: TestClient) =>
    Conversation.parse(await (await client.post('/api/conversations', { slug: 'ada', medium: 'WEB' })).json())
      .id;
  const send = (client: TestClient, conversationId: string) =>
    client.post(STREAM, { message: { type: 'TEXT', text: 'How?', slug: 'ada', conversationId } });
  const stop = (client: TestClient, conversationId: string, body: unknown) =>
    client.post(`/api/conversations/${conversationId}/stop`, body);
  const read = async (client: TestClient, id: string) =>
    ConversationWithMessages.parse(await (await client.get(`/api/conversations/${id}`)).json());
  const clone = async (client: TestClient, id: string) => (await read(client, id)).messages.at(-1);
  const messageCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]?.n;
  const charged = async () =>
    (await db.query<{ n: number }>('SELECT coalesce(sum(messages), 0)::int AS n FROM usage_counters'))[0]?.n;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, held.brain);
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('cuts a stored answer to what the visitor saw, with the citations it still cites', async () => {
    const visitor = await browser();
    const id = await start(visitor);
    held.rearm();
    const answer = send(visitor, id);
    held.release();
    // The whole answer is stored before the visitor's stop arrives.
    await (await answer).text();
    expect((await clone(visitor, id))?.text).toBe(TOKENS.join(''));
    const chargedBefore = await charged();

    const res = await stop(visitor, id, { shownText: 'Let me walk you through it [1]. Then' });
    expect(res.status).toBe(200);
    const { message } = StopAnswerResponse.parse(await res.json());
    expect(message).toMatchObject({ text: 'Let me walk you through it [1]. Then', interrupted: true });
    expect(await clone(visitor, id)).toMatchObject({
      text: 'Let me walk you through it [1]. Then',
      interrupted: true,
    });
    const sources = SourcesResponse.parse(
      await (await visitor.get(`/api/clone/talk/messages/${message?.id}/sources`)).json(),
    );
    expect(sources.map((c) => [c.index, c.used])).toEqual([
      [1, true],
      [2, false],
    ]);
    // Stopping is the visitor's choice: the message stays charged, once.
    expect(await charged()).toBe(chargedBefore);
  });

  it('drops the used citations the kept text no longer cites', async () => {
    const visitor = await browser();
    const id = await start(visitor);
    held.rearm();
    const answer = send(visitor, id);
    held.release();
    await (await answer).text();
    const { message } = StopAnswerResponse.parse(
      await (await stop(visitor, id, { shownText: 'Let me walk you' })).json(),
    );
    expect(message).toMatchObject({ text: 'Let me walk you', hasSources: true });
    const sources = SourcesResponse.parse(
      await (await visitor.get(`/api/clone/talk/messages/${message?.id}/sources`)).json(),
    );
    expect(sources.map((c) => c.index)).toEqual([CITATIONS[1]?.position]);
  });

  it('a stop that comes before the answer is stored cuts it when it is', async () => {
    const visitor = await browser();
    const id = await start(visitor);
    held.rearm();
    // The stream is open (the visitor's message stored), as when the app shows Stop.
    const answer = await send(visitor, id);
    const res = await stop(visitor, id, { shownText: 'Let me walk ' });
    expect(StopAnswerResponse.parse(await res.json())).toEqual({ message: null });
    held.release();
    await answer.text();
    expect(await clone(visitor, id)).toMatchObject({
      sender: 'CLONE',
      text: 'Let me walk',
      interrupted: true,
    });
  });

  it('keeps nothing of an answer the visitor saw nothing of', async () => {
    const visitor = await browser();
    const id = await start(visitor);
    held.rearm();
    const answer = send(visitor, id);
    held.release();
    await (await answer).text();
    await stop(visitor, id, { shownText: '' });
    expect((await read(visitor, id)).messages.map((m) => m.sender)).toEqual(['USER']);
  });

  it('refuses bad input and other visitors with a 4xx and changes nothing', async () => {
    const owner = await browser();
    const other = await browser();
    const id = await start(owner);
    held.rearm();
    const answer = send(owner, id);
    held.release();
    await (await answer).text();
    const before = await read(owner, id);
    const count = await messageCount();
    const cases: [string, Promise<Response>, number, string | RegExp][] = [
      ['no text', stop(owner, id, {}), 400, /^shownText: /],
      ['text: 42', stop(owner, id, { shownText: 42 }), 400, /^shownText: /],
      ['extra field', stop(owner, id, { shownText: 'x', text: 'y' }), 400, /text/],
      ['malformed JSON', stop(owner, id, '{"shownText":'), 400, 'Malformed JSON body'],
      ['unknown conversation', stop(owner, MISSING, { shownText: '' }), 404, 'Conversation not found'],
      ['non-uuid conversation', stop(owner, 'abc', { shownText: '' }), 404, 'Conversation not found'],
      ["another visitor's conversation", stop(other, id, { shownText: '' }), 404, 'Conversation not found'],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      const text = ApiError.parse(await res.json()).error;
      if (typeof error === 'string') expect([name, text]).toEqual([name, error]);
      else expect(text, name).toMatch(error);
    }
    expect(await messageCount()).toBe(count);
    expect(await read(owner, id)).toEqual(before);
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, Conversation, ConversationWithMessages, ReactionResponse } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';
let emails = 0;
const email = () => `reactions${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('message reactions on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  /** A browser that has loaded a page (so it holds its visitor cookie). */
  const browser = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  /** A conversation of `client` with one question and its answer; answers both messages' ids. */
  const answered = async (client: TestClient) => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug: 'ada', medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, {
        message: { type: 'TEXT', text: 'Hello', slug: 'ada', conversationId: conversation.id },
      })
    ).text();
    const { messages } = await read(client, conversation.id);
    const [question, answer] = messages;
    if (!question || !answer) throw new Error('the conversation has no answer');
    return { conversationId: conversation.id, questionId: question.id, answerId: answer.id };
  };
  const read = async (client: TestClient, id: string) =>
    ConversationWithMessages.parse(await (await client.get(`/api/conversations/${id}`)).json());
  const react = (client: TestClient, messageId: string, body: unknown) =>
    client.post(`/api/messages/${messageId}/reaction`, body);
  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_reactions'))[0]?.n;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['Hi ', 'there.']));
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('stores a like, changes it to a thumbs-down, clears it, and the conversation reads it back', async () => {
    const visitor = await browser();
    const { conversationId, answerId } = await answered(visitor);
    expect((await read(visitor, conversationId)).messages.map((m) => m.reaction)).toEqual([null, null]);

    const liked = await react(visitor, answerId, { reaction: 'like' });
    expect(liked.status).toBe(200);
    expect(ReactionResponse.parse(await liked.json())).toEqual({ messageId: answerId, reaction: 'like' });
    expect((await read(visitor, conversationId)).messages.at(-1)?.reaction).toBe('like');

    await react(visitor, answerId, { reaction: 'dislike' });
    expect((await read(visitor, conversationId)).messages.at(-1)?.reaction).toBe('dislike');
    const rows = await db.query('SELECT reaction FROM message_reactions WHERE message_id = $1', [answerId]);
    expect(rows).toEqual([{ reaction: 'dislike' }]);

    const cleared = await react(visitor, answerId, { reaction: null });
    expect(ReactionResponse.parse(await cleared.json()).reaction).toBeNull();
    expect((await read(visitor, conversationId)).messages.at(-1)?.reaction).toBeNull();
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const visitor = await browser();
    const { answerId, questionId } = await answered(visitor);
    const before = await count();
    const cases: [string, Promise<Response>, number, string | RegExp][] = [
      ['unknown reaction', react(visitor, answerId, { reaction: 'love' }), 400, /^reaction: /],
      ['missing reaction', react(visitor, answerId, {}), 400, /^reaction: /],
      ['extra field', react(visitor, answerId, { reaction: 'like', text: 'x' }), 400, /text/],
      ['malformed JSON', react(visitor, answerId, '{"reaction":'), 400, 'Malformed JSON body'],
      ['unknown message', react(visitor, MISSING, { reaction: 'like' }), 404, 'Message not found'],
      ['non-uuid message', react(visitor, 'abc', { reaction: 'like' }), 404, 'Message not found'],
      [
        'the visitor’s own message',
        react(visitor, questionId, { reaction: 'like' }),
        404,
        'Message not found',
      ],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      const text = await errorOf(res);
      if (typeof error === 'string') expect([name, text]).toEqual([name, error]);
      else expect(text, name).toMatch(error);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for another visitor's message and leaves its reaction alone", async () => {
    const owner = await browser();
    const other = await browser();
    const { conversationId, answerId } = await answered(owner);
    await react(owner, answerId, { reaction: 'like' });
    const before = await count();
    for (const reaction of ['dislike', null]) {
      const res = await react(other, answerId, { reaction });
      expect([res.status, await errorOf(res)]).toEqual([404, 'Message not found']);
    }
    expect(await count()).toBe(before);
    expect((await read(owner, conversationId)).messages.at(-1)?.reaction).toBe('like');
  });

  it('is kept per person: after sign-in the user reacts for the claimed conversation, once', async () => {
    const person = await browser();
    const { conversationId, answerId } = await answered(person);
    await react(person, answerId, { reaction: 'like' });
    await signIn(person, db, email());
    expect((await person.post(`/api/conversations/${conversationId}/claim`)).status).toBe(200);
    // What the visitor liked still shows; the user's own reaction replaces it.
    expect((await read(person, conversationId)).messages.at(-1)?.reaction).toBe('like');
    await react(person, answerId, { reaction: 'dislike' });
    const rows = await db.query<{ subject: string; reaction: string }>(
      'SELECT subject, reaction FROM message_reactions WHERE message_id = $1',
      [answerId],
    );
    expect(rows.map((row) => [row.subject.slice(0, 2), row.reaction])).toEqual([['u:', 'dislike']]);
    expect((await read(person, conversationId)).messages.at(-1)?.reaction).toBe('dislike');
  });
});

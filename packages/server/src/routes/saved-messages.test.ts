import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  ConversationWithMessages,
  SavedMessages,
  SaveResponse,
} from '@doppel/protocol';
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
const email = () => `saved${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('saved messages on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  /** A browser that has loaded a page (so it holds its visitor cookie). */
  const browser = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  /** A conversation of `client` with `slug`: one question and its answer. */
  const answered = async (client: TestClient, slug = 'ada', text = 'Hello') => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug, medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, { message: { type: 'TEXT', text, slug, conversationId: conversation.id } })
    ).text();
    const { messages } = await read(client, conversation.id);
    const [question, answer] = messages;
    if (!question || !answer) throw new Error('the conversation has no answer');
    return { conversationId: conversation.id, questionId: question.id, answerId: answer.id };
  };
  const read = async (client: TestClient, id: string) =>
    ConversationWithMessages.parse(await (await client.get(`/api/conversations/${id}`)).json());
  const save = (client: TestClient, messageId: string, body: unknown) =>
    client.post(`/api/messages/${messageId}/save`, body);
  const savedCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE saved'))[0]?.n;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['Hi ', 'there.']));
    await seedClone(db, 'ada');
    await seedClone(db, 'bob');
  });
  afterAll(() => db.close());

  it('saves an answer, reads it back with the conversation, and unsaves it', async () => {
    const visitor = await browser();
    const { conversationId, answerId } = await answered(visitor);
    expect((await read(visitor, conversationId)).messages.map((m) => m.saved)).toEqual([false, false]);

    const saved = await save(visitor, answerId, { saved: true });
    expect(saved.status).toBe(200);
    expect(SaveResponse.parse(await saved.json())).toEqual({ messageId: answerId, saved: true });
    expect((await read(visitor, conversationId)).messages.map((m) => m.saved)).toEqual([false, true]);

    const unsaved = await save(visitor, answerId, { saved: false });
    expect(SaveResponse.parse(await unsaved.json()).saved).toBe(false);
    expect((await read(visitor, conversationId)).messages.at(-1)?.saved).toBe(false);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const visitor = await browser();
    const { answerId, questionId } = await answered(visitor);
    const before = await savedCount();
    const cases: [string, Promise<Response>, number, string | RegExp][] = [
      ['not a boolean', save(visitor, answerId, { saved: 'yes' }), 400, /^saved: /],
      ['missing', save(visitor, answerId, {}), 400, /^saved: /],
      ['extra field', save(visitor, answerId, { saved: true, note: 'x' }), 400, /note/],
      ['malformed JSON', save(visitor, answerId, '{"saved":'), 400, 'Malformed JSON body'],
      ['unknown message', save(visitor, MISSING, { saved: true }), 404, 'Message not found'],
      ['non-uuid message', save(visitor, 'abc', { saved: true }), 404, 'Message not found'],
      ['the visitor’s own message', save(visitor, questionId, { saved: true }), 404, 'Message not found'],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      const text = await errorOf(res);
      if (typeof error === 'string') expect([name, text]).toEqual([name, error]);
      else expect(text, name).toMatch(error);
    }
    expect(await savedCount()).toBe(before);
  });

  it("answers 404 for another visitor's message and leaves it as it was", async () => {
    const owner = await browser();
    const other = await browser();
    const { conversationId, answerId } = await answered(owner);
    await save(owner, answerId, { saved: true });
    for (const saved of [false, true]) {
      const res = await save(other, answerId, { saved });
      expect([res.status, await errorOf(res)]).toEqual([404, 'Message not found']);
    }
    await save(other, answerId, { saved: false });
    expect((await read(owner, conversationId)).messages.at(-1)?.saved).toBe(true);
  });

  it('lists the signed-in user’s saved messages with a clone, newest first; saved as a visitor carries over', async () => {
    const person = await browser();
    const first = await answered(person, 'ada', 'First question');
    await save(person, first.answerId, { saved: true });
    await signIn(person, db, email());
    expect((await person.post(`/api/conversations/${first.conversationId}/claim`)).status).toBe(200);
    const second = await answered(person, 'ada', 'Second question');
    await save(person, second.answerId, { saved: true });
    const elsewhere = await answered(person, 'bob');
    await save(person, elsewhere.answerId, { saved: true });
    const unsavedLater = await answered(person, 'ada', 'Third question');
    await save(person, unsavedLater.answerId, { saved: true });
    await save(person, unsavedLater.answerId, { saved: false });

    const res = await person.get('/api/clones/ada/saved');
    expect(res.status).toBe(200);
    const list = SavedMessages.parse(await res.json());
    expect(list.map((m) => [m.id, m.conversationId, m.conversationTitle, m.text])).toEqual([
      [second.answerId, second.conversationId, 'Second question', 'Hi there.'],
      [first.answerId, first.conversationId, 'First question', 'Hi there.'],
    ]);
    expect(
      SavedMessages.parse(await (await person.get('/api/clones/bob/saved')).json()).map((m) => m.id),
    ).toEqual([elsewhere.answerId]);

    // Someone else signed in sees none of them.
    const stranger = await browser();
    await signIn(stranger, db, email());
    expect(SavedMessages.parse(await (await stranger.get('/api/clones/ada/saved')).json())).toEqual([]);
  });

  it('needs a signed-in user and a clone that exists to list saved messages', async () => {
    const visitor = await browser();
    const anonymous = await visitor.get('/api/clones/ada/saved');
    expect([anonymous.status, await errorOf(anonymous)]).toEqual([401, 'You need to be logged in first.']);
    await signIn(visitor, db, email());
    const missing = await visitor.get('/api/clones/nobody/saved');
    expect(missing.status).toBe(404);
    const badInstance = await visitor.get('/api/clones/ada/saved?instance=nope');
    expect(badInstance.status).toBe(404);
  });
});

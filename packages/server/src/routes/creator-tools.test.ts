import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  ConversationWithMessages,
  ImproveResponse,
  SuggestedQuestionsResponse,
  ToneResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { type SeededClone, seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { setRelationship } from '../store/relationships';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';
const QUESTIONS = '/api/studio/clones/ada/suggested-questions';
let emails = 0;
const email = () => `creator${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('creator tools on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let clone: SeededClone;

  /** A signed-in browser; with `type`, that user relates to the clone `ada` so. */
  const person = async (type?: 'CREATOR' | 'CONTRIBUTOR' | 'FOLLOWER') => {
    const client = new TestClient(app);
    await client.get('/api/me');
    const { user } = await signIn(client, db, email());
    if (type) await setRelationship(db, { userId: user.id, cloneId: clone.id, type });
    return client;
  };
  const anonymous = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  /** A conversation of `client` with one question and its answer. */
  const answered = async (client: TestClient, text = 'How do I start?') => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug: 'ada', medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, {
        message: { type: 'TEXT', text, slug: 'ada', conversationId: conversation.id },
      })
    ).text();
    const read = ConversationWithMessages.parse(
      await (await client.get(`/api/conversations/${conversation.id}`)).json(),
    );
    const [question, answer] = read.messages;
    if (!question || !answer) throw new Error('the conversation has no answer');
    return { conversationId: conversation.id, questionId: question.id, answerId: answer.id };
  };
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['Start ', 'small.']));
    clone = await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('stores a revised answer for the question the message answered', async () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const creator = await person(type);
      const { answerId } = await answered(creator);
      const res = await creator.post(`/api/messages/${answerId}/improve`, {
        idealResponse: '  Begin with one set.  ',
      });
      expect(res.status).toBe(200);
      const body = ImproveResponse.parse(await res.json());
      expect(body).toMatchObject({ messageId: answerId, question: 'How do I start?' });
      const rows = await db.query('SELECT question, answer, message_id FROM creator_answers WHERE id = $1', [
        body.id,
      ]);
      expect(rows).toEqual([
        { question: 'How do I start?', answer: 'Begin with one set.', message_id: answerId },
      ]);
    }
  });

  it('stores tone feedback for the clone', async () => {
    const creator = await person('CREATOR');
    const { answerId } = await answered(creator);
    const res = await creator.post(`/api/messages/${answerId}/tone`, { toneFeedback: 'Shorter, please.' });
    expect(res.status).toBe(200);
    const body = ToneResponse.parse(await res.json());
    const rows = await db.query('SELECT clone_id, feedback FROM tone_feedback WHERE id = $1', [body.id]);
    expect(rows).toEqual([{ clone_id: clone.id, feedback: 'Shorter, please.' }]);
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const creator = await person('CREATOR');
    const { answerId, questionId } = await answered(creator);
    // A clone message with no user message before it (a greeting the studio stored).
    const [{ conversation_id: conversationId } = { conversation_id: '' }] = await db.query<{
      conversation_id: string;
    }>('SELECT conversation_id FROM messages WHERE id = $1', [answerId]);
    const [first] = await db.query<{ id: string }>(
      `INSERT INTO messages (conversation_id, sender, text, created_at) VALUES ($1, 'CLONE', 'Welcome!', now() - interval '1 hour') RETURNING id`,
      [conversationId],
    );
    const before = [await count('creator_answers'), await count('tone_feedback')];
    const improve = (id: string, body: unknown) => creator.post(`/api/messages/${id}/improve`, body);
    const tone = (id: string, body: unknown) => creator.post(`/api/messages/${id}/tone`, body);
    const cases: [string, Promise<Response>, number, string | RegExp][] = [
      ['blank improved answer', improve(answerId, { idealResponse: '   ' }), 400, /at least 1 character/],
      ['missing improved answer', improve(answerId, {}), 400, /idealResponse/],
      ['too long', improve(answerId, { idealResponse: 'x'.repeat(4001) }), 400, /at most 4000/],
      ['extra field', improve(answerId, { idealResponse: 'x', slug: 'ada' }), 400, /slug/],
      ['malformed JSON', improve(answerId, '{"idealResponse":'), 400, 'Malformed JSON body'],
      ['blank tone', tone(answerId, { toneFeedback: '' }), 400, /at least 1 character/],
      ['tone not a string', tone(answerId, { toneFeedback: 3 }), 400, /toneFeedback/],
      ['unknown message', improve(MISSING, { idealResponse: 'x' }), 404, 'Message not found'],
      ['non-uuid message', tone('abc', { toneFeedback: 'x' }), 404, 'Message not found'],
      ['a user message', improve(questionId, { idealResponse: 'x' }), 404, 'Message not found'],
      [
        'no preceding user message',
        improve(first?.id ?? '', { idealResponse: 'x' }),
        400,
        'No preceding user message',
      ],
      [
        'tone, no preceding user message',
        tone(first?.id ?? '', { toneFeedback: 'x' }),
        400,
        'No preceding user message',
      ],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      const text = await errorOf(res);
      if (typeof error === 'string') expect([name, text]).toEqual([name, error]);
      else expect(text, name).toMatch(error);
    }
    expect([await count('creator_answers'), await count('tone_feedback')]).toEqual(before);
  });

  it('answers 404 to anyone who is not a creator of the clone, and writes nothing', async () => {
    const creator = await person('CREATOR');
    const { answerId } = await answered(creator);
    const follower = await person('FOLLOWER');
    const { answerId: ownAnswer } = await answered(follower);
    const before = [await count('creator_answers'), await count('tone_feedback')];
    for (const [who, client, id] of [
      ['a follower, on the creator’s message', follower, answerId],
      ['a follower, on their own message', follower, ownAnswer],
      ['a signed-in stranger', await person(), answerId],
      ['an anonymous visitor', await anonymous(), answerId],
    ] as const) {
      for (const path of ['improve', 'tone']) {
        const body = path === 'improve' ? { idealResponse: 'x' } : { toneFeedback: 'x' };
        const res = await client.post(`/api/messages/${id}/${path}`, body);
        expect([who, path, res.status, await errorOf(res)]).toEqual([who, path, 404, 'Message not found']);
      }
    }
    expect([await count('creator_answers'), await count('tone_feedback')]).toEqual(before);
  });

  it('lets an owner read and replace the suggested questions; others get 404 and change nothing', async () => {
    const creator = await person('CONTRIBUTOR');
    const read = SuggestedQuestionsResponse.parse(await (await creator.get(QUESTIONS)).json());
    expect(read.slug).toBe('ada');
    const put = await creator.request(QUESTIONS, {
      method: 'PUT',
      json: { questions: ['  What should I eat?  ', 'How often do I train?'] },
    });
    expect(put.status).toBe(200);
    const stored = SuggestedQuestionsResponse.parse(await put.json()).questions.map((q) => q.question);
    expect(stored).toEqual(['What should I eat?', 'How often do I train?']);
    const profile = await (await creator.get('/api/clones/ada')).json();
    expect(profile.suggestedQuestions.map((q: { question: string }) => q.question)).toEqual(stored);

    for (const [name, body, error] of [
      ['an empty question', { questions: ['ok', ' '] }, /cannot be empty/],
      ['not a list', { questions: 'x' }, /questions/],
      ['too many', { questions: Array.from({ length: 21 }, (_, i) => `Q${i}`) }, /At most 20/],
      ['extra field', { questions: [], slug: 'x' }, /slug/],
    ] as const) {
      const res = await creator.request(QUESTIONS, { method: 'PUT', json: body });
      expect([name, res.status]).toEqual([name, 400]);
      expect(await errorOf(res), name).toMatch(error);
    }
    for (const [who, client] of [
      ['a follower', await person('FOLLOWER')],
      ['an anonymous visitor', await anonymous()],
    ] as const) {
      expect([who, (await client.get(QUESTIONS)).status]).toEqual([who, 404]);
      const res = await client.request(QUESTIONS, { method: 'PUT', json: { questions: ['Hacked?'] } });
      expect([who, res.status, await errorOf(res)]).toEqual([who, 404, 'Clone not found']);
    }
    expect((await creator.get('/api/studio/clones/nobody/suggested-questions')).status).toBe(404);
    const after = SuggestedQuestionsResponse.parse(await (await creator.get(QUESTIONS)).json());
    expect(after.questions.map((q) => q.question)).toEqual(stored);
  });
});

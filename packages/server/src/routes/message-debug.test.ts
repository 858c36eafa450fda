import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, Conversation, ConversationWithMessages, MessageDebug } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATIONS, DOC_ID } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { setStaff } from '../store/users';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';
const RETRIEVAL = {
  source: 'knowledge' as const,
  query: 'plan a season',
  passages: [
    {
      documentId: DOC_ID,
      documentTitle: 'How I plan a season',
      documentType: 'youtube' as const,
      rank: 0.42,
      excerpt: 'I start every season with a single page.',
    },
  ],
};
/** Answers with citations and the retrieval behind them. */
const tracingBrain: Brain = {
  async *answer() {
    yield { type: 'token', token: 'I start with a page [1].' };
    yield { type: 'done', text: 'I start with a page [1].', citations: CITATIONS, retrieval: RETRIEVAL };
  },
};
let emails = 0;
const email = () => `debug${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('the staff debug dialog’s data on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  const person = async (staff: boolean) => {
    const client = new TestClient(app);
    await client.get('/api/me');
    const address = email();
    await signIn(client, db, address);
    if (staff) await setStaff(db, address, true);
    return client;
  };
  const answered = async (client: TestClient) => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug: 'ada', medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, {
        message: { type: 'TEXT', text: 'How do you plan?', slug: 'ada', conversationId: conversation.id },
      })
    ).text();
    const { messages } = ConversationWithMessages.parse(
      await (await client.get(`/api/conversations/${conversation.id}`)).json(),
    );
    return { conversationId: conversation.id, question: messages[0], answer: messages[1] };
  };

  beforeAll(async () => {
    db = await open();
    app = testApp(db, tracingBrain);
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('answers a clone message with its ids, citations and the retrieval kept with it, to staff', async () => {
    const visitor = await person(false);
    const { conversationId, question, answer } = await answered(visitor);
    const staff = await person(true);
    const res = await staff.get(`/api/messages/${answer?.id}/debug`);
    expect(res.status).toBe(200);
    const debug = MessageDebug.parse(await res.json());
    expect(debug).toMatchObject({
      id: answer?.id,
      conversationId,
      sender: 'CLONE',
      retrieval: RETRIEVAL,
      files: [],
    });
    expect(new Date(debug.createdAt).toISOString()).toBe(debug.createdAt);
    expect(debug.citations.map((c) => [c.index, c.used, c.title])).toEqual([
      [1, true, 'How I plan a season'],
      [2, false, 'Notes'],
    ]);
    const user = MessageDebug.parse(await (await staff.get(`/api/messages/${question?.id}/debug`)).json());
    expect(user).toMatchObject({ sender: 'USER', text: 'How do you plan?', retrieval: null, citations: [] });
  });

  it('answers 404 to everyone but staff, and for unknown or malformed ids', async () => {
    const owner = await person(false);
    const { answer } = await answered(owner);
    const anonymous = new TestClient(app);
    await anonymous.get('/api/me');
    const staff = await person(true);
    for (const [who, client, id] of [
      ['the conversation’s owner', owner, answer?.id],
      ['an anonymous visitor', anonymous, answer?.id],
      ['staff, an unknown message', staff, MISSING],
      ['staff, a malformed id', staff, 'abc'],
    ] as const) {
      const res = await client.get(`/api/messages/${id}/debug`);
      expect([who, res.status, ApiError.parse(await res.json()).error]).toEqual([
        who,
        404,
        'Message not found',
      ]);
    }
  });
});

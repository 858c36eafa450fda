import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  ConversationWithMessages,
  INVALID_OUTBOUND_MESSAGE,
  MESSAGE_MAX_LENGTH,
  SourcesResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATIONS, failingBrain, type ScriptedBrain, scriptedBrain } from '../../test/support/brain-doubles';
import { newVisitor, parseEvents, postJson, testApp } from '../../test/support/harness';
import { countMessages, seedClone } from '../../test/support/seed';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';

describe.each(testDatabases())('message routes on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let brain: ScriptedBrain;
  let visitor: Record<string, string>;

  const newConversation = async (slug = 'ada') =>
    Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug, medium: 'WEB' }, visitor)).json(),
    );
  const send = (conversationId: string, text: unknown, slug = 'ada') =>
    postJson(
      app,
      STREAM,
      { message: { type: 'TEXT', text, slug, conversationId }, timezone: 'UTC' },
      visitor,
    );
  const read = async (id: string) =>
    ConversationWithMessages.parse(
      await (await app.request(`/api/conversations/${id}`, { headers: visitor })).json(),
    );

  beforeAll(async () => {
    db = await open();
    brain = scriptedBrain(['I start ', 'with a page ', '[1].']);
    app = testApp(db, brain);
    visitor = await newVisitor(app);
    await seedClone(db, 'ada');
    await seedClone(db, 'bob');
  });
  afterAll(() => db.close());

  it('streams tokens, then the stored clone message with its sources', async () => {
    const conversation = await newConversation();
    const res = await send(conversation.id, '  How do you plan a season?  ');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const raw = await res.text();
    expect(raw.startsWith('id: 1\ndata: {"type":"token","token":"I start "}\n\n')).toBe(true);
    const events = parseEvents(raw);
    expect(events.filter((e) => e.type === 'token').map((e) => (e.type === 'token' ? e.token : ''))).toEqual([
      'I start ',
      'with a page ',
      '[1].',
    ]);
    const last = events.at(-1);
    if (last?.type !== 'message') throw new Error(`last event is ${last?.type}`);
    expect(last.message).toMatchObject({
      text: 'I start with a page [1].',
      sender: 'CLONE',
      hasSources: true,
    });
    expect(last.message.interrupted).toBe(false);

    const stored = await read(conversation.id);
    expect(stored.messages.map((m) => [m.sender, m.text])).toEqual([
      ['USER', 'How do you plan a season?'],
      ['CLONE', 'I start with a page [1].'],
    ]);
    expect(stored.messages[1]).toEqual(last.message);
    expect(stored.title).toBe('How do you plan a season?');
    expect(stored.updatedAt >= stored.messages[0]!.createdAt).toBe(true);

    const sourcesUrl = `/api/clone/talk/messages/${last.message.id}/sources`;
    const sources = SourcesResponse.parse(await (await app.request(sourcesUrl, { headers: visitor })).json());
    expect(sources.map((s) => [s.index, s.used, s.type, s.timestamp, s.url])).toEqual(
      CITATIONS.map((c) => [c.position, c.used, c.type, c.timestampMs, c.url]),
    );
    expect(new Date(sources[0]!.createdAt).toISOString()).toBe(sources[0]!.createdAt);
  });

  it('shows a message’s sources to the owner of its conversation only: anyone else gets 404', async () => {
    const conversation = await newConversation();
    const events = parseEvents(await (await send(conversation.id, 'How do you plan a season?')).text());
    const last = events.at(-1);
    if (last?.type !== 'message') throw new Error(`last event is ${last?.type}`);
    const sourcesUrl = `/api/clone/talk/messages/${last.message.id}/sources`;
    expect((await app.request(sourcesUrl, { headers: visitor })).status).toBe(200);
    for (const headers of [await newVisitor(app), {}]) {
      const res = await app.request(sourcesUrl, { headers });
      expect(res.status).toBe(404);
      expect(ApiError.parse(await res.json()).error).toBe('Message not found');
    }
    expect(
      (await app.request(`/api/clone/talk/messages/${MISSING}/sources`, { headers: visitor })).status,
    ).toBe(404);
    expect(
      (await app.request('/api/clone/talk/messages/not-a-uuid/sources', { headers: visitor })).status,
    ).toBe(404);
  });

  it('gives the brain the clone and the earlier turns; keeps the first title', async () => {
    const conversation = await newConversation();
    await (await send(conversation.id, 'First question')).text();
    await (await send(conversation.id, 'Second question')).text();
    const input = brain.inputs.at(-1);
    expect(input?.clone).toMatchObject({
      slug: 'ada',
      suggestedQuestions: ['Who are you?', 'What are you building?'],
    });
    expect(input?.question).toBe('Second question');
    expect(input?.history).toEqual([
      { sender: 'USER', text: 'First question' },
      { sender: 'CLONE', text: 'I start with a page [1].' },
    ]);
    expect((await read(conversation.id)).title).toBe('First question');
  });

  it('answers sources 404 for unknown and malformed message ids', async () => {
    for (const id of [MISSING, 'nope']) {
      const res = await app.request(`/api/clone/talk/messages/${id}/sources`);
      expect([res.status, ApiError.parse(await res.json()).error]).toEqual([404, 'Message not found']);
    }
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const conversation = await newConversation();
    const other = await newConversation('bob');
    const before = await countMessages(db);
    const cases: [string, Promise<Response>, number, string | RegExp][] = [
      ['empty text', send(conversation.id, ''), 400, INVALID_OUTBOUND_MESSAGE],
      ['whitespace text', send(conversation.id, ' \n\t '), 400, INVALID_OUTBOUND_MESSAGE],
      [
        'oversized text',
        send(conversation.id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1)),
        400,
        // The prompt's words for the same limit (protocol MESSAGE_TOO_LONG).
        'Invalid outbound message: message.text: Messages can be at most 4,000 characters',
      ],
      ['text: 42', send(conversation.id, 42), 400, /^Invalid outbound message: message\.text: /],
      [
        'missing message',
        postJson(app, STREAM, { timezone: 'UTC' }, visitor),
        400,
        /^Invalid outbound message: message: /,
      ],
      ['malformed JSON', postJson(app, STREAM, '{"message": {', visitor), 400, 'Malformed JSON body'],
      ['unknown clone', send(conversation.id, 'Hi', 'nobody'), 404, 'Clone not found'],
      ['unknown conversation', send(MISSING, 'Hi'), 404, 'Conversation not found'],
      ['non-uuid conversation', send('abc', 'Hi'), 404, 'Conversation not found'],
      ["another clone's conversation", send(other.id, 'Hi'), 404, 'Conversation not found'],
      ['too large a body', send(conversation.id, 'x'.repeat(70_000)), 413, 'Request body too large'],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status]).toEqual([name, status]);
      expect(ApiError.parse(await res.json()).error).toMatch(error);
    }
    expect(await countMessages(db)).toBe(before);
    expect((await read(conversation.id)).title).toBe('Conversation');
  });

  it('sends an error event when the brain fails, storing nothing for the clone', async () => {
    const failing = testApp(db, failingBrain(['Half ']));
    const conversation = await newConversation();
    const res = await postJson(
      failing,
      STREAM,
      { message: { type: 'TEXT', text: 'Will you fail?', slug: 'ada', conversationId: conversation.id } },
      visitor,
    );
    const events = parseEvents(await res.text());
    expect(events).toEqual([
      { type: 'token', token: 'Half ' },
      { type: 'error', error: 'Failed to process message.' },
    ]);
    expect((await read(conversation.id)).messages.map((m) => m.sender)).toEqual(['USER']);
  });
});

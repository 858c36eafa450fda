/**
 * Issue 14 §2: an answer stream resumes from `Last-Event-ID` on any process (two apps on one
 * database stand for two processes), a retried send is the same send, and a stream whose writer
 * died is ended by the process asked, from what was written: one message, one charge, no token
 * lost or repeated.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { Conversation, STREAM_ID_HEADER, type StreamEvent } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate, pausingBrain, scriptedBrain, stuckBrain } from '../../test/support/brain-doubles';
import { newVisitor, parseEvents, postJson, testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';

const STREAM = '/api/clone/talk/messages/stream';
const decoder = new TextDecoder();

const tokensOf = (events: StreamEvent[]) => events.map((e) => (e.type === 'token' ? e.token : '')).join('');

describe.each(testDatabases())('resumable answer streams on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  async function conversationOf(app: Hono, visitor: Record<string, string>): Promise<string> {
    return Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, visitor)).json(),
    ).id;
  }
  const send = (app: Hono, conversationId: string, visitor: Record<string, string>, streamId?: string) =>
    postJson(
      app,
      STREAM,
      { message: { type: 'TEXT', text: 'Tell me more', slug: 'ada', conversationId }, streamId },
      visitor,
    );
  const resume = (app: Hono, streamId: string, visitor: Record<string, string>, lastEventId: string) =>
    app.request(`${STREAM}/${streamId}`, { headers: { ...visitor, 'Last-Event-ID': lastEventId } });
  const rows = async (conversationId: string) =>
    db.query<{ sender: string; text: string; interrupted: boolean }>(
      'SELECT sender, text, interrupted FROM messages WHERE conversation_id = $1 ORDER BY created_at',
      [conversationId],
    );
  /** Messages charged so far, to everyone (the tests of this file run one after another). */
  const charged = async () => {
    const [row] = await db.query<{ n: number }>(
      'SELECT COALESCE(sum(messages), 0)::int AS n FROM usage_counters',
    );
    return row?.n ?? 0;
  };

  it('resumes on another process after the last event received, nothing twice, nothing lost', async () => {
    const release = gate();
    const { brain } = pausingBrain(['One ', 'two ', 'three.'], release.promise);
    const first = testApp(db, brain);
    const second = testApp(db, scriptedBrain(['never used']));
    const visitor = await newVisitor(first);
    const conversationId = await conversationOf(first, visitor);
    const res = await send(first, conversationId, visitor);
    const streamId = res.headers.get(STREAM_ID_HEADER) ?? '';
    expect(streamId).toMatch(/^[0-9a-f-]{36}$/);
    const reader = res.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe(
      'id: 1\ndata: {"type":"token","token":"One "}\n\n',
    );
    await reader.cancel(); // the connection drops
    release.open();
    const resumed = await resume(second, streamId, visitor, '1');
    expect(resumed.status).toBe(200);
    const raw = await resumed.text();
    expect(raw.startsWith('id: 2\n')).toBe(true);
    const events = parseEvents(raw);
    expect(tokensOf(events)).toBe('two three.');
    expect(events.at(-1)?.type).toBe('message');
    expect(await rows(conversationId)).toEqual([
      { sender: 'USER', text: 'Tell me more', interrupted: false },
      { sender: 'CLONE', text: 'One two three.', interrupted: false },
    ]);
  });

  it('answers a retried send with the same stream id from its stream: one message, one charge', async () => {
    const app = testApp(db, scriptedBrain(['Only ', 'once.']));
    const visitor = await newVisitor(app);
    const conversationId = await conversationOf(app, visitor);
    const streamId = randomUUID();
    const before = await charged();
    const [a, b] = await Promise.all([
      send(app, conversationId, visitor, streamId),
      send(testApp(db, scriptedBrain(['Other.'])), conversationId, visitor, streamId),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Whichever process accepted it first answers both connections.
    const answer = tokensOf(parseEvents(await a.text()));
    expect(['Only once.', 'Other.']).toContain(answer);
    expect(tokensOf(parseEvents(await b.text()))).toBe(answer);
    expect((await rows(conversationId)).map((r) => r.sender)).toEqual(['USER', 'CLONE']);
    expect((await charged()) - before).toBe(1);
  });

  it('ends a stream whose writer died with what it wrote, stored once as cut short', async () => {
    const first = testApp(db, stuckBrainAfter(['Said ', 'this ']));
    const second = testApp(db, scriptedBrain(['never used']));
    const visitor = await newVisitor(first);
    const conversationId = await conversationOf(first, visitor);
    const res = await send(first, conversationId, visitor);
    const streamId = res.headers.get(STREAM_ID_HEADER) ?? '';
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('id: 2\n')) seen += decoder.decode((await reader.read()).value);
    await reader.cancel();
    // The writing process "dies": its lease lapses and another holder name would never renew it.
    await db.query(
      `UPDATE answer_streams SET holder = 'dead', lease_until = now() - interval '1 second' WHERE id = $1`,
      [streamId],
    );
    const [x, y] = await Promise.all([
      resume(second, streamId, visitor, '2'),
      resume(testApp(db, scriptedBrain(['never'])), streamId, visitor, '1'),
    ]);
    const fromX = parseEvents(await x.text());
    const fromY = parseEvents(await y.text());
    expect(fromX.map((e) => e.type)).toEqual(['message']);
    expect(fromY.map((e) => e.type)).toEqual(['token', 'message']);
    expect(fromX[0]?.type === 'message' && fromX[0].message.text).toBe('Said this ');
    expect(await rows(conversationId)).toEqual([
      { sender: 'USER', text: 'Tell me more', interrupted: false },
      { sender: 'CLONE', text: 'Said this ', interrupted: true },
    ]);
  });

  it("refuses a bad Last-Event-ID (400) and another visitor's stream (404), writing nothing", async () => {
    const app = testApp(db, scriptedBrain(['Mine.']));
    const visitor = await newVisitor(app);
    const conversationId = await conversationOf(app, visitor);
    const res = await send(app, conversationId, visitor);
    const streamId = res.headers.get(STREAM_ID_HEADER) ?? '';
    await res.text();
    const count = (await rows(conversationId)).length;
    expect((await resume(app, streamId, visitor, 'abc')).status).toBe(400);
    expect((await resume(app, streamId, visitor, '-1')).status).toBe(400);
    const stranger = await newVisitor(app);
    expect((await resume(app, streamId, stranger, '0')).status).toBe(404);
    expect((await resume(app, randomUUID(), visitor, '0')).status).toBe(404);
    expect((await resume(app, 'not-a-uuid', visitor, '0')).status).toBe(404);
    // A stranger's send that reuses the stream id gets no one's stream and no charge.
    const strangerConversation = await conversationOf(app, stranger);
    expect((await send(app, strangerConversation, stranger, streamId)).status).toBe(404);
    expect(await rows(strangerConversation)).toEqual([]);
    expect(
      (
        await postJson(
          app,
          STREAM,
          { message: { type: 'TEXT', text: 'x', slug: 'ada', conversationId }, streamId: 'nope' },
          visitor,
        )
      ).status,
    ).toBe(400);
    expect((await rows(conversationId)).length).toBe(count);
  });
});

/** Yields `tokens`, then hangs (a process about to die). */
function stuckBrainAfter(tokens: string[]) {
  const stuck = stuckBrain();
  return {
    async *answer(input: Parameters<typeof stuck.answer>[0]) {
      for (const token of tokens) yield { type: 'token' as const, token };
      yield* stuck.answer(input);
    },
  };
}

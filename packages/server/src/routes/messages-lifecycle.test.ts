/**
 * The stream's life: the question is stored before the first token, keep-alive comments
 * while the brain thinks, and a listener that leaves mid-answer over real HTTP.
 */

import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { Conversation, ConversationWithMessages, VISITOR_HEADER } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate, pausingBrain, scriptedBrain } from '../../test/support/brain-doubles';
import { newVisitor, parseEvents, postJson, testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { listen } from '../process/listen';

const STREAM = '/api/clone/talk/messages/stream';
const decoder = new TextDecoder();

describe.each(testDatabases())('answer stream lifecycle on $name', ({ open }) => {
  let db: Db;

  const senders = async (conversationId: string) =>
    (
      await db.query<{ sender: string }>(
        'SELECT sender FROM messages WHERE conversation_id = $1 ORDER BY created_at',
        [conversationId],
      )
    ).map((r) => r.sender);

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('stores the question before the first token and streams each token as it comes', async () => {
    const release = gate();
    const { brain } = pausingBrain(['First ', 'second.'], release.promise);
    const app = testApp(db, brain);
    const visitor = await newVisitor(app);
    const conversation = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, visitor)).json(),
    );
    const res = await postJson(
      app,
      STREAM,
      { message: { type: 'TEXT', text: 'Are you there?', slug: 'ada', conversationId: conversation.id } },
      visitor,
    );
    const reader = res.body!.getReader();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toBe('id: 1\ndata: {"type":"token","token":"First "}\n\n');
    // The brain is paused after its first token: the question must already be in the database.
    expect(await senders(conversation.id)).toEqual(['USER']);
    release.open();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value);
    expect(rest).toContain('"token":"second."');
    expect(rest).toContain('"type":"message"');
    expect(await senders(conversation.id)).toEqual(['USER', 'CLONE']);
  });

  it('asks the brain again when the database was away before the first token (a restart)', async () => {
    let asked = 0;
    const inner = scriptedBrain(['Back ', 'again.']);
    const brain: Brain = {
      async *answer(input) {
        asked += 1;
        if (asked === 1) {
          // As pg reports a server shutting down under a running statement.
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
        }
        yield* inner.answer(input);
      },
    };
    const app = testApp(db, brain);
    const visitor = await newVisitor(app);
    const conversation = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, visitor)).json(),
    );
    const send = (text: string) =>
      postJson(
        app,
        STREAM,
        { message: { type: 'TEXT', text, slug: 'ada', conversationId: conversation.id } },
        visitor,
      );
    const events = parseEvents(await (await send('Still there?')).text());
    expect(asked).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['token', 'token', 'message']);
    expect(await senders(conversation.id)).toEqual(['USER', 'CLONE']);

    // Any other failure is not the database being away: the error event, as before.
    const failing: Brain = {
      // biome-ignore lint/correctness/useYield: it fails before its first event
      async *answer() {
        throw Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
      },
    };
    const other = testApp(db, failing);
    const res = await postJson(
      other,
      STREAM,
      { message: { type: 'TEXT', text: 'And now?', slug: 'ada', conversationId: conversation.id } },
      visitor,
    );
    expect(parseEvents(await res.text())).toEqual([{ type: 'error', error: 'Failed to process message.' }]);
  });

  it('sends a keep-alive comment while the brain is silent', async () => {
    const release = gate();
    const { brain } = pausingBrain(['Thinking… ', 'done.'], release.promise);
    const app = testApp(db, brain, { streamKeepAliveMs: 20 });
    const visitor = await newVisitor(app);
    const conversation = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, visitor)).json(),
    );
    const res = await postJson(
      app,
      STREAM,
      { message: { type: 'TEXT', text: 'Take your time', slug: 'ada', conversationId: conversation.id } },
      visitor,
    );
    const reader = res.body!.getReader();
    let seen = '';
    // The first token, then a keep-alive while the brain says nothing more (one may also come
    // before the token, while it is written: on a busy machine that can take the 20 ms).
    const silentAfterToken = () => seen.indexOf(': keep-alive\n\n', seen.indexOf('id: 1\ndata: ')) > 0;
    while (!seen.includes('id: 1\ndata: ') || !silentAfterToken())
      seen += decoder.decode((await reader.read()).value);
    release.open();
    while (!(await reader.read()).done) {}
    expect(seen.replaceAll(': keep-alive\n\n', '').startsWith('id: 1\ndata: ')).toBe(true);
  });

  it('keeps answering when the listener leaves; the whole answer is stored once', async () => {
    const release = gate();
    const { brain } = pausingBrain(['Partial answer ', 'then the rest.'], release.promise);
    const server = await listen(testApp(db, brain), 0, '127.0.0.1');
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const created = await fetch(`${base}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: 'ada', medium: 'WEB' }),
      });
      // The visitor id the server handed out, kept as an embed keeps it.
      const visitor = { [VISITOR_HEADER]: created.headers.get(VISITOR_HEADER) ?? '' };
      const conversation = Conversation.parse(await created.json());
      const leave = new AbortController();
      const res = await fetch(`${base}${STREAM}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...visitor },
        body: JSON.stringify({
          message: { type: 'TEXT', text: 'Tell me everything', slug: 'ada', conversationId: conversation.id },
        }),
        signal: leave.signal,
      });
      const reader = res.body!.getReader();
      expect(decoder.decode((await reader.read()).value)).toContain('Partial answer ');
      leave.abort();
      release.open();
      let stored = ConversationWithMessages.parse(
        await (await fetch(`${base}/api/conversations/${conversation.id}`, { headers: visitor })).json(),
      );
      for (let i = 0; i < 100 && stored.messages.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        stored = ConversationWithMessages.parse(
          await (await fetch(`${base}/api/conversations/${conversation.id}`, { headers: visitor })).json(),
        );
      }
      expect(stored.messages.map((m) => [m.sender, m.text, m.interrupted])).toEqual([
        ['USER', 'Tell me everything', false],
        ['CLONE', 'Partial answer then the rest.', false],
      ]);
    } finally {
      release.open();
      await server.close(100);
    }
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, Conversation, ConversationWithMessages } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { countMessages, seedClone } from '../../test/support/seed';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import { MALFORMED_ADDRESS } from '../middleware/clean-address';

// Issue 7 §5: a NUL byte in any text field or path answered 500 (PostgreSQL refuses it).
describe.each(testDatabases())('control characters and invisible text on $name', ({ open }) => {
  let db: Db;
  let visitor: TestClient;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'ada');
    const app = createApp({ db, brain: scriptedBrain(['Hi.']), config: testConfig(), logger: silentLogger });
    visitor = new TestClient(app, { ip: '10.9.0.1' });
    await visitor.get('/api/clones/ada');
  });
  afterAll(() => db.close());

  it('answers 400, not 500, to a control character or broken encoding in a path or query', async () => {
    for (const [path, error] of [
      ['/api/clones/a%00da', 'The address may not contain control characters (U+0000)'],
      ['/api/clones/ada/usage?instance=%00', 'The address may not contain control characters (U+0000)'],
      ['/api/conversations/%1b', 'The address may not contain control characters (U+001B)'],
      ['/api/clones/%E0%A4%A', MALFORMED_ADDRESS],
      ['/ada%00/talk', 'The address may not contain control characters (U+0000)'],
    ] as const) {
      const res = await visitor.get(path);
      expect([path, res.status, await errorOf(res)]).toEqual([path, 400, error]);
    }
  });

  it('refuses a message with a NUL byte: 400 naming the field, nothing stored', async () => {
    const started = await visitor.post('/api/conversations', { slug: 'ada' });
    const conversation = Conversation.parse(await started.json());
    const before = await countMessages(db);
    const res = await visitor.post('/api/clone/talk/messages/stream', {
      message: { type: 'TEXT', text: 'How\u0000 do I start?', slug: 'ada', conversationId: conversation.id },
      timezone: 'UTC',
    });
    expect([res.status, await errorOf(res)]).toEqual([
      400,
      'Text may not contain control characters (message.text: U+0000)',
    ]);
    expect(await countMessages(db)).toBe(before);
  });

  it('refuses a title of invisible characters, and one with a control character; keeps the old one', async () => {
    const started = await visitor.post('/api/conversations', { slug: 'ada' });
    const conversation = Conversation.parse(await started.json());
    for (const [title, error] of [
      ['\u200b\u200b\u200b', 'title: Title must not be empty'],
      ['\u3164 \u2060', 'title: Title must not be empty'],
      ['Bell\u0007', 'Text may not contain control characters (title: U+0007)'],
    ] as const) {
      const res = await visitor.patch(`/api/conversations/${conversation.id}`, { title });
      expect([res.status, await errorOf(res)]).toEqual([400, error]);
    }
    const kept = ConversationWithMessages.parse(
      await (await visitor.get(`/api/conversations/${conversation.id}`)).json(),
    );
    expect(kept.title).toBe(conversation.title);
  });

  it('refuses control characters in feedback, and keeps line breaks', async () => {
    const bad = await visitor.post('/api/feedback', {
      subject: 'Hi\u0000',
      content: 'Fine',
      metadata: { pathname: '/ada' },
    });
    expect(bad.status).toBe(400);
    const good = await visitor.post('/api/feedback', {
      subject: 'Hi',
      content: 'Line one\nLine two',
      metadata: { pathname: '/ada' },
    });
    expect(good.status).toBe(201);
  });
});

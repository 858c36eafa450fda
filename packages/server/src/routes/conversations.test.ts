import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, Conversation, ConversationWithMessages } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { postJson, testApp } from '../../test/support/harness';
import { type SeededClone, seedClone } from '../../test/support/seed';

const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';

describe.each(testDatabases())('conversation routes on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let ada: SeededClone;

  const countConversations = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations'))[0]?.n;
  const create = async (body: unknown) => {
    const res = await postJson(app, '/api/conversations', body);
    expect(res.status).toBe(201);
    return Conversation.parse(await res.json());
  };
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['hi']));
    ada = await seedClone(db);
  });
  afterAll(() => db.close());

  it('creates a conversation (201) with the default title', async () => {
    const conversation = await create({ slug: 'ada', medium: 'EMBED' });
    expect(conversation).toMatchObject({
      cloneId: ada.id,
      cloneSlug: 'ada',
      title: 'Conversation',
      medium: 'EMBED',
    });
    expect(conversation.instanceId).toBeNull();
    expect(new Date(conversation.createdAt).toISOString()).toBe(conversation.createdAt);
    const withInstance = await create({ slug: 'ada', instanceSlug: 'workshop', medium: 'WEB' });
    expect(withInstance.instanceId).toBe(ada.instanceId);
  });

  it('refuses bad creations without writing anything', async () => {
    const before = await countConversations();
    const unknown = await postJson(app, '/api/conversations', { slug: 'nobody', medium: 'WEB' });
    expect([unknown.status, await errorOf(unknown)]).toEqual([404, 'Clone not found']);
    const instance = await postJson(app, '/api/conversations', {
      slug: 'ada',
      instanceSlug: 'x',
      medium: 'WEB',
    });
    expect([instance.status, await errorOf(instance)]).toEqual([404, 'Instance not found']);
    const medium = await postJson(app, '/api/conversations', { slug: 'ada', medium: 'PIGEON' });
    expect(medium.status).toBe(400);
    expect(await errorOf(medium)).toMatch(/^medium: /);
    const malformed = await postJson(app, '/api/conversations', '{"slug":');
    expect([malformed.status, await errorOf(malformed)]).toEqual([400, 'Malformed JSON body']);
    expect(await countConversations()).toBe(before);
  });

  it('answers one conversation with its messages; 404 for unknown and non-uuid ids', async () => {
    const conversation = await create({ slug: 'ada', medium: 'WEB' });
    const res = await app.request(`/api/conversations/${conversation.id}`);
    expect(ConversationWithMessages.parse(await res.json())).toEqual({ ...conversation, messages: [] });
    for (const id of [MISSING, 'not-a-uuid']) {
      const missing = await app.request(`/api/conversations/${id}`);
      expect([missing.status, await errorOf(missing)]).toEqual([404, 'Conversation not found']);
    }
  });

  it('renames a conversation and bumps updated_at', async () => {
    const conversation = await create({ slug: 'ada', medium: 'WEB' });
    const res = await postJson(app, '/api/clone/talk/conversation/title', {
      id: conversation.id,
      title: '  Engines  ',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ title: 'Engines' });
    const after = Conversation.parse(
      await (await app.request(`/api/conversations/${conversation.id}`)).json(),
    );
    expect(after.title).toBe('Engines');
    expect(after.updatedAt > conversation.updatedAt).toBe(true);
  });

  it('refuses empty and 101-character titles and unknown ids, changing nothing', async () => {
    const conversation = await create({ slug: 'ada', medium: 'WEB' });
    const rename = (body: unknown) => postJson(app, '/api/clone/talk/conversation/title', body);
    const empty = await rename({ id: conversation.id, title: '   ' });
    expect([empty.status, await errorOf(empty)]).toEqual([400, 'title: Title must not be empty']);
    const long = await rename({ id: conversation.id, title: 'x'.repeat(101) });
    expect([long.status, await errorOf(long)]).toEqual([400, 'title: Title must be at most 100 characters']);
    const exact = await rename({ id: conversation.id, title: 'y'.repeat(100) });
    expect(exact.status).toBe(200);
    const unknown = await rename({ id: MISSING, title: 'Nope' });
    expect([unknown.status, await errorOf(unknown)]).toEqual([404, 'Conversation not found']);
    const notUuid = await rename({ id: 'abc', title: 'Nope' });
    expect(notUuid.status).toBe(404);
    const after = Conversation.parse(
      await (await app.request(`/api/conversations/${conversation.id}`)).json(),
    );
    expect(after.title).toBe('y'.repeat(100));
    expect((await db.query('SELECT 1 FROM conversations WHERE title = $1', ['Nope'])).length).toBe(0);
  });
});

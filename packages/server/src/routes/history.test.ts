import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  ClaimConversationResponse,
  Conversation,
  ConversationHistory,
  ConversationWithMessages,
  LOGIN_REQUIRED,
  MeResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { type SeededClone, seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';

const STREAM = '/api/clone/talk/messages/stream';
let emails = 0;
const email = () => `history${++emails}.${Date.now()}@example.com`;

describe.each(testDatabases())('conversation ownership and history on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let ada: SeededClone;

  /** A browser that has loaded a page (so it holds its visitor cookie). */
  const browser = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  const start = async (client: TestClient, slug = 'ada', instanceSlug?: string) =>
    Conversation.parse(
      await (
        await client.post('/api/conversations', {
          slug,
          medium: 'WEB',
          ...(instanceSlug && { instanceSlug }),
        })
      ).json(),
    );
  const send = (client: TestClient, conversationId: string, text = 'Hello', slug = 'ada') =>
    client.post(STREAM, { message: { type: 'TEXT', text, slug, conversationId }, timezone: 'UTC' });
  const history = async (client: TestClient, query = '') =>
    ConversationHistory.parse(await (await client.get(`/api/clones/ada/conversations${query}`)).json());
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['Hi ', 'there.']));
    ada = await seedClone(db, 'ada');
    await seedClone(db, 'bob');
  });
  afterAll(() => db.close());

  it("answers 404 for another visitor's conversation: read, send, rename, update, claim", async () => {
    const owner = await browser();
    const conversation = await start(owner);
    expect((await (await send(owner, conversation.id)).text()).length).toBeGreaterThan(0);
    const stranger = await browser();
    const attempts = [
      await stranger.get(`/api/conversations/${conversation.id}`),
      await send(stranger, conversation.id),
      await stranger.post('/api/clone/talk/conversation/title', { id: conversation.id, title: 'Mine now' }),
      await stranger.patch(`/api/conversations/${conversation.id}`, { hidden: true }),
    ];
    for (const res of attempts)
      expect([res.status, await errorOf(res)]).toEqual([404, 'Conversation not found']);
    await signIn(stranger, db, email());
    const claim = await stranger.post(`/api/conversations/${conversation.id}/claim`);
    expect(claim.status).toBe(404);
    // An embed with its own visitor header is a stranger too.
    const embed = new TestClient(app, { cookies: false, headers: { 'X-Doppel-Visitor': 'made-up' } });
    expect((await embed.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
    const stored = ConversationWithMessages.parse(
      await (await owner.get(`/api/conversations/${conversation.id}`)).json(),
    );
    expect(stored.title).toBe('Hello');
    expect(stored.hidden).toBe(false);
    expect(stored.messages).toHaveLength(2);
  });

  it('lets an embed reach its conversation with its visitor header', async () => {
    const first = new TestClient(app, { cookies: false });
    const res = await first.get('/api/me');
    const visitor = res.headers.get('x-doppel-visitor') ?? '';
    expect(visitor).not.toBe('');
    const embed = new TestClient(app, { cookies: false, headers: { 'X-Doppel-Visitor': visitor } });
    const conversation = await start(embed);
    expect((await send(embed, conversation.id)).status).toBe(200);
    expect((await embed.get(`/api/conversations/${conversation.id}`)).status).toBe(200);
  });

  it('opens a conversation started by a client that keeps no identity by its id, for such clients only', async () => {
    const curl = new TestClient(app, { cookies: false });
    const conversation = await start(curl);
    // Issue 7 §5: such a client may read it but not send: a send is counted against someone.
    expect((await send(curl, conversation.id)).status).toBe(401);
    expect((await curl.get(`/api/conversations/${conversation.id}`)).status).toBe(200);
    const someone = await browser();
    expect((await someone.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
    expect((await send(someone, conversation.id)).status).toBe(404);
  });

  it('needs a signed-in user for the history: You need to be logged in first.', async () => {
    const visitor = await browser();
    await start(visitor);
    const res = await visitor.get('/api/clones/ada/conversations');
    expect([res.status, await errorOf(res)]).toEqual([401, LOGIN_REQUIRED]);
  });

  it("lists the user's visible conversations with the clone, most recently updated first", async () => {
    const reader = await browser();
    await signIn(reader, db, email());
    const first = await start(reader);
    const second = await start(reader);
    const third = await start(reader);
    await start(reader, 'bob');
    const onInstance = await start(reader, 'ada', 'workshop');
    await send(reader, first.id, 'Touched last');
    const list = await history(reader);
    expect(list.map((c) => c.id)).toEqual([first.id, onInstance.id, third.id, second.id]);
    expect(list[0]?.title).toBe('Touched last');
    expect((await history(reader, '?instance=workshop')).map((c) => c.id)).toEqual([onInstance.id]);
    expect((await reader.get('/api/clones/ada/conversations?instance=nope')).status).toBe(404);
    expect((await reader.get('/api/clones/nobody/conversations')).status).toBe(404);

    // Someone else's history does not show them.
    const other = await browser();
    await signIn(other, db, email());
    expect(await history(other)).toEqual([]);
  });

  it('renames and archives from the history (PATCH), with the title rules', async () => {
    const reader = await browser();
    await signIn(reader, db, email());
    const kept = await start(reader);
    const archived = await start(reader);
    const renamed = await reader.patch(`/api/conversations/${kept.id}`, { title: '  Dovetails  ' });
    expect(renamed.status).toBe(200);
    const after = Conversation.parse(await renamed.json());
    expect(after.title).toBe('Dovetails');
    expect(after.updatedAt > kept.updatedAt).toBe(true);

    const hidden = Conversation.parse(
      await (await reader.patch(`/api/conversations/${archived.id}`, { hidden: true })).json(),
    );
    expect(hidden).toMatchObject({ hidden: true, updatedAt: archived.updatedAt });
    expect((await history(reader)).map((c) => c.id)).toEqual([kept.id]);
    // Still readable by its owner (a bookmarked link), just not listed.
    expect((await reader.get(`/api/conversations/${archived.id}`)).status).toBe(200);
    // Found again in the archived list, and restored from it (issue 9 §13).
    expect((await history(reader, '?archived=true')).map((c) => c.id)).toEqual([archived.id]);
    const bad = await reader.get('/api/clones/ada/conversations?archived=yes');
    expect([bad.status, await errorOf(bad)]).toEqual([400, 'archived: Expected true or false']);
    await reader.patch(`/api/conversations/${archived.id}`, { hidden: false });
    expect((await history(reader)).map((c) => c.id).sort()).toEqual([kept.id, archived.id].sort());
    expect(await history(reader, '?archived=true')).toEqual([]);
    await reader.patch(`/api/conversations/${archived.id}`, { hidden: true });

    for (const [body, message] of [
      [{ title: '   ' }, 'title: Title must not be empty'],
      [{ title: 'x'.repeat(101) }, 'title: Title must be at most 100 characters'],
      [{}, 'Nothing to update'],
      [{ hidden: 'yes' }, 'hidden: Invalid input: expected boolean, received string'],
    ] as const) {
      const res = await reader.patch(`/api/conversations/${kept.id}`, body);
      expect([res.status, await errorOf(res)]).toEqual([400, message]);
    }
    expect((await reader.patch('/api/conversations/not-a-uuid', { hidden: true })).status).toBe(404);
    const renameRoute = await reader.post('/api/clone/talk/conversation/title', {
      id: kept.id,
      title: 'Chairs',
    });
    expect(await renameRoute.json()).toEqual({ title: 'Chairs' });
  });

  it('starts conversations as the signed-in user and makes them a follower', async () => {
    const reader = await browser();
    const { user } = await signIn(reader, db, email());
    const conversation = await start(reader);
    const rows = await db.query<{ user_id: string }>('SELECT user_id FROM conversations WHERE id = $1', [
      conversation.id,
    ]);
    expect(rows[0]?.user_id).toBe(user.id);
    const me = MeResponse.parse(await (await reader.get('/api/me?slug=ada')).json());
    expect(me.relationships).toEqual([
      { id: expect.any(String), userId: user.id, cloneId: ada.id, type: 'FOLLOWER' },
    ]);
    expect(MeResponse.parse(await (await reader.get('/api/me?slug=nobody')).json()).relationships).toEqual(
      [],
    );
  });

  it("claims the visitor's own conversation after sign-in, once", async () => {
    const visitor = await browser();
    const conversation = await start(visitor);
    await send(visitor, conversation.id, 'Before signing in');
    const unsigned = await visitor.post(`/api/conversations/${conversation.id}/claim`);
    expect([unsigned.status, await errorOf(unsigned)]).toEqual([401, LOGIN_REQUIRED]);

    const { user } = await signIn(visitor, db, email());
    const claimed = ClaimConversationResponse.parse(
      await (await visitor.post(`/api/conversations/${conversation.id}/claim`)).json(),
    );
    expect(claimed).toMatchObject({
      claimed: true,
      conversation: { id: conversation.id, title: 'Before signing in' },
    });
    const again = ClaimConversationResponse.parse(
      await (await visitor.post(`/api/conversations/${conversation.id}/claim`)).json(),
    );
    expect(again.claimed).toBe(false);
    expect((await history(visitor)).map((c) => c.id)).toContain(conversation.id);
    expect((await visitor.post('/api/conversations/not-a-uuid/claim')).status).toBe(404);

    // Signed out, the same browser (same visitor) no longer reaches the user's conversation.
    await visitor.post('/api/logout');
    expect((await visitor.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
    const me = MeResponse.parse(await (await visitor.get('/api/me')).json());
    expect(me.user).toBeNull();
    expect(user.id).toBeTruthy();
  });

  it("does not claim another user's conversation", async () => {
    const a = await browser();
    await signIn(a, db, email());
    const conversation = await start(a);
    const b = await browser();
    await signIn(b, db, email());
    expect((await b.post(`/api/conversations/${conversation.id}/claim`)).status).toBe(404);
    expect((await b.get(`/api/conversations/${conversation.id}`)).status).toBe(404);
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  ContinueSharedResponse,
  Conversation,
  ConversationWithMessages,
  SharedConversation,
  ShareResponse,
  SourcesResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATIONS, scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';

describe.each(testDatabases())('shared conversations on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  const browser = async () => {
    const client = new TestClient(app);
    await client.get('/api/me');
    return client;
  };
  /** A conversation of `client` with `slug`: one question and its cited answer. */
  const answered = async (client: TestClient, slug = 'ada') => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug, medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, {
        message: { type: 'TEXT', text: 'How do you plan a season?', slug, conversationId: conversation.id },
      })
    ).text();
    return conversation.id;
  };
  const read = async (client: TestClient, id: string) =>
    ConversationWithMessages.parse(await (await client.get(`/api/conversations/${id}`)).json());
  const share = (client: TestClient, id: string) => client.post(`/api/conversations/${id}/share`);
  const shareIdOf = async (id: string) =>
    (await db.query<{ share_id: string | null }>('SELECT share_id FROM conversations WHERE id = $1', [id]))[0]
      ?.share_id;
  const conversationCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations'))[0]?.n;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['I start ', 'with a page ', '[1].']));
    await seedClone(db, 'ada');
    await seedClone(db, 'hidden', { public: false });
  });
  afterAll(() => db.close());

  it('shares a conversation; anyone with the link reads it and its sources, without the owner’s marks', async () => {
    const owner = await browser();
    const id = await answered(owner);
    const answerId = (await read(owner, id)).messages[1]!.id;
    await owner.post(`/api/messages/${answerId}/reaction`, { reaction: 'like' });
    await owner.post(`/api/messages/${answerId}/save`, { saved: true });

    const shared = await share(owner, id);
    expect(shared.status).toBe(200);
    const { shareId } = ShareResponse.parse(await shared.json());
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // Sharing again keeps the same link; the conversation says it is shared.
    expect(ShareResponse.parse(await (await share(owner, id)).json()).shareId).toBe(shareId);
    expect((await read(owner, id)).shareId).toBe(shareId);

    const reader = new TestClient(app, { cookies: false });
    const view = await reader.get(`/api/shares/${shareId}`);
    expect(view.status).toBe(200);
    const raw: unknown = await view.json();
    // The medium is said (the shared call page shows calls only), not left to the schema's default.
    expect(raw).toMatchObject({ medium: 'WEB' });
    const body = SharedConversation.parse(raw);
    expect(body).toMatchObject({
      shareId,
      title: 'How do you plan a season?',
      cloneSlug: 'ada',
      instanceSlug: null,
    });
    expect(body.messages.map((m) => [m.sender, m.text, m.saved, m.reaction])).toEqual([
      ['USER', 'How do you plan a season?', false, null],
      ['CLONE', 'I start with a page [1].', false, null],
    ]);
    const sources = await reader.get(`/api/clone/talk/messages/${answerId}/sources`);
    expect(SourcesResponse.parse(await sources.json()).map((s) => s.index)).toEqual(
      CITATIONS.map((c) => c.position),
    );
    // The reader still cannot open or change the conversation itself.
    expect((await reader.get(`/api/conversations/${id}`)).status).toBe(404);
  });

  it('stops working at once when unshared; only the owner can unshare', async () => {
    const owner = await browser();
    const id = await answered(owner);
    const { shareId } = ShareResponse.parse(await (await share(owner, id)).json());
    const stranger = await browser();
    const refused = await stranger.delete(`/api/shares/${shareId}`);
    expect([refused.status, await errorOf(refused)]).toEqual([404, 'Conversation is no longer shared']);
    expect(await shareIdOf(id)).toBe(shareId);

    expect((await owner.delete(`/api/shares/${shareId}`)).status).toBe(204);
    expect(await shareIdOf(id)).toBeNull();
    const gone = await stranger.get(`/api/shares/${shareId}`);
    expect([gone.status, await errorOf(gone)]).toEqual([404, 'Conversation is no longer shared']);
    expect((await stranger.post(`/api/shares/${shareId}/continue`)).status).toBe(404);
    const answerId = (await read(owner, id)).messages[1]!.id;
    expect((await stranger.get(`/api/clone/talk/messages/${answerId}/sources`)).status).toBe(404);
    expect((await owner.delete(`/api/shares/${shareId}`)).status).toBe(404);
  });

  it('continues a shared conversation as a new one of the caller’s, with its messages and sources', async () => {
    const owner = await browser();
    const id = await answered(owner);
    const { shareId } = ShareResponse.parse(await (await share(owner, id)).json());
    const other = await browser();
    const res = await other.post(`/api/shares/${shareId}/continue`);
    expect(res.status).toBe(201);
    const { conversationId } = ContinueSharedResponse.parse(await res.json());
    expect(conversationId).not.toBe(id);
    const copy = await read(other, conversationId);
    expect(copy.title).toBe('How do you plan a season?');
    expect(copy.shareId).toBeNull();
    expect(copy.messages.map((m) => [m.sender, m.text, m.hasSources])).toEqual([
      ['USER', 'How do you plan a season?', false],
      ['CLONE', 'I start with a page [1].', true],
    ]);
    const copiedAnswer = copy.messages[1]!.id;
    const sources = SourcesResponse.parse(
      await (await other.get(`/api/clone/talk/messages/${copiedAnswer}/sources`)).json(),
    );
    expect(sources.map((s) => [s.index, s.used])).toEqual(CITATIONS.map((c) => [c.position, c.used]));
    // The copy is the caller's: it goes on from there; the original owner does not see it.
    const next = await other.post(STREAM, {
      message: { type: 'TEXT', text: 'And in winter?', slug: 'ada', conversationId },
    });
    expect(next.status).toBe(200);
    await next.text();
    expect((await read(other, conversationId)).messages).toHaveLength(4);
    expect((await read(owner, id)).messages).toHaveLength(2);
    expect((await owner.get(`/api/conversations/${conversationId}`)).status).toBe(404);
  });

  it('refuses what cannot be shared or read: 4xx, nothing written', async () => {
    const owner = await browser();
    const id = await answered(owner);
    const privateId = await answered(owner, 'hidden');
    const stranger = await browser();
    const before = await conversationCount();
    const cases: [string, Promise<Response>, number, string][] = [
      ['another visitor’s conversation', share(stranger, id), 404, 'Conversation not found'],
      ['an unknown conversation', share(owner, MISSING), 404, 'Conversation not found'],
      ['a malformed id', share(owner, 'abc'), 404, 'Conversation not found'],
      [
        'a private clone',
        share(owner, privateId),
        403,
        'This clone is private: its conversations cannot be shared.',
      ],
      ['an unknown share', stranger.get('/api/shares/AAAAAAAAAAAA'), 404, 'Conversation is no longer shared'],
      ['a malformed share', stranger.get('/api/shares/%20'), 404, 'Conversation is no longer shared'],
      [
        'continuing an unknown share',
        stranger.post('/api/shares/AAAAAAAAAAAA/continue'),
        404,
        'Conversation is no longer shared',
      ],
      [
        'unsharing an unknown share',
        owner.delete('/api/shares/AAAAAAAAAAAA'),
        404,
        'Conversation is no longer shared',
      ],
    ];
    for (const [name, pending, status, error] of cases) {
      const res = await pending;
      expect([name, res.status, await errorOf(res)]).toEqual([name, status, error]);
    }
    expect(await shareIdOf(id)).toBeNull();
    expect(await shareIdOf(privateId)).toBeNull();
    expect(await conversationCount()).toBe(before);
  });
});

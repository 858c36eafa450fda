import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, CloneProfile, Conversation, ConversationWithMessages } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';

const STREAM = '/api/clone/talk/messages/stream';
const MISSING = '4f0c5a4e-0000-4000-8000-000000000000';
const GUIDE = 'https://shop.example/guide?ref=ada';
const OIL = 'https://shop.example/oil?ref=ada';
const PRODUCTS = [
  { title: 'Honing guide', url: GUIDE, imageUrl: null, keywords: ['honing guide'] },
  { title: 'Board oil', url: OIL, imageUrl: 'https://shop.example/oil.png', keywords: ['mineral oil'] },
  { title: 'Paste wax', url: 'https://shop.example/wax', imageUrl: null, keywords: ['paste wax'] },
];
const b64 = (url: string) => Buffer.from(url).toString('base64');

describe.each(testDatabases())('affiliate links on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  const answered = async (client: TestClient) => {
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug: 'ada', medium: 'WEB' })).json(),
    );
    await (
      await client.post(STREAM, {
        message: { type: 'TEXT', text: 'What do you use?', slug: 'ada', conversationId: conversation.id },
      })
    ).text();
    const read = ConversationWithMessages.parse(
      await (await client.get(`/api/conversations/${conversation.id}`)).json(),
    );
    return read.messages;
  };
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['I use a Honing Guide ', 'and mineral oil [1].']));
    await seedClone(db, 'ada');
    await seedClone(db, 'bob');
    await db.query(`UPDATE clones SET products = $1::jsonb, affiliate_url = $2 WHERE slug = 'ada'`, [
      JSON.stringify(PRODUCTS),
      'https://shop.example/?ref=ada',
    ]);
  });
  afterAll(() => db.close());

  it('an answer carries the products it mentions; the profile says the clone has an affiliate link', async () => {
    const visitor = new TestClient(app);
    await visitor.get('/api/me');
    const [question, answer] = await answered(visitor);
    expect(question?.messageAffiliates).toEqual([]);
    expect(answer?.messageAffiliates).toEqual([
      { title: 'Honing guide', url: GUIDE, imageUrl: null },
      { title: 'Board oil', url: OIL, imageUrl: 'https://shop.example/oil.png' },
    ]);
    expect(CloneProfile.parse(await (await visitor.get('/api/clones/ada')).json()).affiliateLink).toBe(true);
    expect(CloneProfile.parse(await (await visitor.get('/api/clones/bob')).json()).affiliateLink).toBe(false);
  });

  it('redirects only to a link the message carries, never elsewhere', async () => {
    const visitor = new TestClient(app);
    await visitor.get('/api/me');
    const [question, answer] = await answered(visitor);
    const id = answer?.id ?? '';
    const ok = await app.request(`/api/affiliate/product/${id}?to=${encodeURIComponent(b64(OIL))}`);
    expect([ok.status, ok.headers.get('location')]).toEqual([302, OIL]);
    // base64url works too.
    const urlSafe = Buffer.from(GUIDE).toString('base64url');
    expect((await app.request(`/api/affiliate/product/${id}?to=${urlSafe}`)).headers.get('location')).toBe(
      GUIDE,
    );
    const cases: [string, string, number, string][] = [
      [
        'a link the message does not carry',
        `${id}?to=${b64('https://evil.example/')}`,
        404,
        'This product link is not on that message',
      ],
      [
        'a product of the clone the answer did not mention',
        `${id}?to=${b64('https://shop.example/wax')}`,
        404,
        'This product link is not on that message',
      ],
      [
        'the visitor’s own message',
        `${question?.id}?to=${b64(OIL)}`,
        404,
        'This product link is not on that message',
      ],
      ['an unknown message', `${MISSING}?to=${b64(OIL)}`, 404, 'This product link is not on that message'],
      ['a malformed message id', `abc?to=${b64(OIL)}`, 404, 'This product link is not on that message'],
      ['no target', `${id}`, 400, 'to: Expected the base64 of an http(s) address'],
      [
        'a target that is not base64',
        `${id}?to=%25%25`,
        400,
        'to: Expected the base64 of an http(s) address',
      ],
      [
        'a javascript: target',
        `${id}?to=${b64('javascript:alert(1)')}`,
        400,
        'to: Expected the base64 of an http(s) address',
      ],
    ];
    for (const [name, path, status, error] of cases) {
      const res = await app.request(`/api/affiliate/product/${path}`);
      expect([name, res.status, await errorOf(res)]).toEqual([name, status, error]);
      expect(res.headers.get('location'), name).toBeNull();
    }
  });

  it('redirects to the clone’s own affiliate link; 404 for a clone without one or an unknown clone', async () => {
    const res = await app.request('/api/affiliate/ada');
    expect([res.status, res.headers.get('location')]).toEqual([302, 'https://shop.example/?ref=ada']);
    for (const slug of ['bob', 'nobody']) {
      const none = await app.request(`/api/affiliate/${slug}`);
      expect([slug, none.status, await errorOf(none)]).toEqual([slug, 404, 'No affiliate link']);
    }
  });
});

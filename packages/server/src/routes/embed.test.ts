/**
 * The embed's server side (DESIGN §5, issue 4): embed configurations over the API, the embed page
 * and its frame-ancestors, the full site's framing refusal, and the chat working from an iframe
 * that has no cookies (bearer token + X-Doppel-Visitor).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  ConversationWithMessages,
  UsageRefusal,
  VISITOR_HEADER,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { fakeAppDist, parseEvents, testApp } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { signIn } from '../../test/support/sign-in';
import { EmbedConfig } from '../embed/embed-config';
import { insertEmbedConfig } from '../store/embed-configs';
import { EMBED_CONFIG_NOT_FOUND } from './embed-configs';
import {
  EMBED_APP_NOT_BUILT,
  EMBED_CLONE_NOT_FOUND,
  EMBED_CONFIG_UNKNOWN,
  EMBED_NOT_ALLOWED,
} from './embed-page';
import { MESSAGE_LIMIT_REACHED } from './messages';

const STREAM = '/api/clone/talk/messages/stream';
const HOST = 'https://host.example';
const OTHER_HOST = 'http://127.0.0.1:3101';

describe.each(testDatabases())('embeds on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let withEmbedHtml: Hono;

  beforeAll(async () => {
    db = await open();
    const ada = await seedClone(db, 'ada');
    const bob = await seedClone(db, 'bob');
    await seedClone(db, 'jun', { requireEmail: true, anonymousMessages: 2 });
    await db.query(`UPDATE clones SET options = options || '{"doppelLogo": false}' WHERE slug = 'bob'`);
    const none = { whitelabel: {}, mode: {}, colours: {} };
    await insertEmbedConfig(db, {
      id: 'ada-hosts',
      cloneId: ada.id,
      instanceId: null,
      allowedOrigins: [HOST, OTHER_HOST],
      ...none,
    });
    await insertEmbedConfig(db, {
      id: 'ada-anywhere',
      cloneId: ada.id,
      instanceId: null,
      allowedOrigins: [],
      ...none,
    });
    await insertEmbedConfig(db, {
      id: 'bob-workshop',
      cloneId: bob.id,
      instanceId: bob.instanceId,
      allowedOrigins: [HOST],
      whitelabel: { googleButton: false },
      mode: { mode: 'inline', autoHeight: true },
      colours: { accent: '#5b3cc4' },
    });
    app = testApp(db, scriptedBrain(['Plane ', 'with the grain.']), { appDist: fakeAppDist() });
    const dist = fakeAppDist();
    writeFileSync(
      join(dist, 'embed.html'),
      '<!doctype html><title>Doppel embed</title><div id="embed"></div>',
    );
    withEmbedHtml = testApp(db, scriptedBrain([]), { appDist: dist });
  });
  afterAll(() => db.close());

  describe('GET /api/embed/configs/:id', () => {
    it('answers the public config with every default filled in', async () => {
      const res = await app.request('/api/embed/configs/ada-hosts');
      expect(res.status).toBe(200);
      expect(EmbedConfig.parse(await res.json())).toEqual({
        id: 'ada-hosts',
        cloneSlug: 'ada',
        instanceSlug: null,
        allowedOrigins: [HOST, OTHER_HOST],
        whitelabel: { logo: true, googleButton: true, accountMenuItems: true },
        mode: { mode: 'bubble', autoHeight: false },
        colours: { accent: null, launcher: null },
        callLimitSeconds: null,
      });
    });

    it('takes the logo default from the clone’s doppelLogo option; instance, mode and colours as stored', async () => {
      const res = await app.request('/api/embed/configs/bob-workshop');
      expect(EmbedConfig.parse(await res.json())).toEqual({
        id: 'bob-workshop',
        cloneSlug: 'bob',
        instanceSlug: 'workshop',
        allowedOrigins: [HOST],
        whitelabel: { logo: false, googleButton: false, accountMenuItems: true },
        mode: { mode: 'inline', autoHeight: true },
        colours: { accent: '#5b3cc4', launcher: null },
        callLimitSeconds: null,
      });
    });

    it('answers 404 for unknown and malformed ids, without a visitor cookie', async () => {
      for (const id of ['nothing-here', 'UPPER', 'a', `${'x'.repeat(65)}`, '..%2f..']) {
        const res = await app.request(`/api/embed/configs/${id}`);
        expect(res.status, id).toBe(404);
        expect(ApiError.parse(await res.json()).error).toBe(EMBED_CONFIG_NOT_FOUND);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });
  });

  describe('the embed page', () => {
    const csp = (res: Response) => res.headers.get('content-security-policy');

    it('without a config: any site may frame it; never X-Frame-Options, never cached', async () => {
      for (const path of [
        '/embed/ada',
        `/embed/ada?parent=${encodeURIComponent(HOST)}`,
        '/embed/ada/workshop',
      ]) {
        const res = await app.request(path);
        expect(res.status, path).toBe(200);
        expect(await res.text()).toContain('Doppel app');
        expect(csp(res)).toBe('frame-ancestors *');
        expect(res.headers.get('x-frame-options')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      }
    });

    it('serves embed.html when the app has one', async () => {
      const res = await withEmbedHtml.request('/embed/ada');
      expect(await res.text()).toContain('Doppel embed');
      expect(csp(res)).toBe('frame-ancestors *');
      // The full site still gets index.html.
      expect(await (await withEmbedHtml.request('/ada')).text()).toContain('Doppel app');
    });

    it('with a config: exactly its allowed origins; a config that lists none allows any site', async () => {
      const hosts = await app.request(`/embed/ada?config=ada-hosts&parent=${encodeURIComponent(HOST)}`);
      expect(hosts.status).toBe(200);
      expect(csp(hosts)).toBe(`frame-ancestors ${HOST} ${OTHER_HOST}`);
      expect(hosts.headers.get('x-frame-options')).toBeNull();
      // The parent as a browser may spell it: trailing slash, capitals, default port.
      const spelled = await app.request(
        `/embed/ada?config=ada-hosts&parent=${encodeURIComponent('HTTPS://Host.Example:443/')}`,
      );
      expect(spelled.status).toBe(200);
      const noParent = await app.request('/embed/ada?config=ada-hosts');
      expect(noParent.status).toBe(200);
      expect(csp(noParent)).toBe(`frame-ancestors ${HOST} ${OTHER_HOST}`);
      const anywhere = await app.request(`/embed/ada?config=ada-anywhere&parent=${encodeURIComponent(HOST)}`);
      expect(csp(anywhere)).toBe('frame-ancestors *');
      const instance = await app.request(
        `/embed/bob/workshop?config=bob-workshop&parent=${encodeURIComponent(HOST)}`,
      );
      expect(instance.status).toBe(200);
      expect(csp(instance)).toBe(`frame-ancestors ${HOST}`);
      const deeper = await app.request(
        '/embed/ada/talk/conversation/4f0c5a4e-0000-4000-8000-000000000000?config=ada-hosts',
      );
      expect(deeper.status).toBe(200);
      expect(csp(deeper)).toBe(`frame-ancestors ${HOST} ${OTHER_HOST}`);
    });

    it('answers 403 with a short page when the parent is not among the config’s origins', async () => {
      for (const parent of [
        'https://evil.example',
        'http://host.example',
        'https://host.example.evil.example',
        'nonsense',
      ]) {
        const res = await app.request(`/embed/ada?config=ada-hosts&parent=${encodeURIComponent(parent)}`);
        expect(res.status, parent).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain(EMBED_NOT_ALLOWED);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('x-frame-options')).toBeNull();
      }
    });

    it('answers 404 for an unknown clone, instance or config, and for another clone’s config', async () => {
      const cases: [string, string][] = [
        ['/embed/nobody', EMBED_CLONE_NOT_FOUND],
        ['/embed/ada/garage', EMBED_CLONE_NOT_FOUND],
        ['/embed/ada?config=nothing-here', EMBED_CONFIG_UNKNOWN],
        ['/embed/ada?config=NOT_AN_ID', EMBED_CONFIG_UNKNOWN],
        [`/embed/ada?config=bob-workshop&parent=${encodeURIComponent(HOST)}`, EMBED_CONFIG_UNKNOWN],
      ];
      for (const [path, message] of cases) {
        const res = await app.request(path);
        expect(res.status, path).toBe(404);
        expect(await res.text()).toContain(message);
        expect(res.headers.get('x-frame-options')).toBeNull();
      }
    });

    it('says so when the app has not been built', async () => {
      const bare = testApp(db, scriptedBrain([]), { appDist: join(fakeAppDist(), 'missing') });
      const res = await bare.request('/embed/ada');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain(EMBED_APP_NOT_BUILT);
    });

    it('hands out no visitor cookie (the iframe keeps its id itself)', async () => {
      const res = await app.request('/embed/ada');
      expect(res.headers.getSetCookie()).toEqual([]);
    });
  });

  describe('the full site', () => {
    it('cannot be framed by other sites: frame-ancestors self and X-Frame-Options on its HTML', async () => {
      for (const path of ['/', '/ada', '/ada/talk', '/explore']) {
        const res = await app.request(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      }
      // Not on JSON, scripts or images.
      const api = await app.request('/api/clones/ada');
      expect(api.headers.get('content-security-policy')).toBeNull();
      expect(api.headers.get('x-frame-options')).toBeNull();
    });
  });

  describe('from an iframe without cookies', () => {
    const iframe = (headers: Record<string, string> = {}) => new TestClient(app, { cookies: false, headers });
    const start = async (client: TestClient, slug = 'ada') => {
      const res = await client.post('/api/conversations', { slug, medium: 'EMBED' });
      expect(res.status).toBe(201);
      return { res, conversation: Conversation.parse(await res.json()) };
    };
    const send = (client: TestClient, conversationId: string, slug = 'ada') =>
      client.post(STREAM, {
        message: { type: 'TEXT', text: 'How do I plane?', slug, conversationId },
        timezone: 'UTC',
      });

    it('a visitor keeps the X-Doppel-Visitor id it was issued, and streams with it', async () => {
      const { res, conversation } = await start(iframe());
      expect(conversation.medium).toBe('EMBED');
      const visitor = res.headers.get(VISITOR_HEADER) ?? '';
      expect(visitor).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);

      // The conversation of that first call belongs to the visitor id it handed out: the iframe
      // keeps the id and the conversation is its own, like one it starts later.
      const embed = iframe({ [VISITOR_HEADER]: visitor });
      const first = await send(embed, conversation.id);
      expect(first.status).toBe(200);
      await first.text();
      const own = (await start(embed)).conversation;
      const streamed = await send(embed, own.id);
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get(VISITOR_HEADER)).toBeNull(); // a valid id is kept, not reissued
      expect(parseEvents(await streamed.text()).at(-1)?.type).toBe('message');
      const read = await embed.get(`/api/conversations/${own.id}`);
      expect(ConversationWithMessages.parse(await read.json()).messages.map((m) => m.sender)).toEqual([
        'USER',
        'CLONE',
      ]);
      // Another iframe (another visitor) cannot read or write it.
      const stranger = iframe({
        [VISITOR_HEADER]: (await start(iframe())).res.headers.get(VISITOR_HEADER) ?? '',
      });
      expect((await stranger.get(`/api/conversations/${own.id}`)).status).toBe(404);
      expect((await send(stranger, own.id)).status).toBe(404);
    });

    it('a signed-in visitor uses the bearer token: the session, the stream and the conversation are theirs', async () => {
      const signingIn = new TestClient(app, { cookies: false });
      const { token, user } = await signIn(signingIn, db, `iframe.${Date.now()}@example.com`);
      const visitor = (await start(iframe())).res.headers.get(VISITOR_HEADER) ?? '';
      const embed = iframe({ authorization: `Bearer ${token}`, [VISITOR_HEADER]: visitor });

      const auth = await embed.get('/api/embed/auth');
      expect(auth.status).toBe(200);
      expect(await auth.json()).toMatchObject({ user: { id: user.id }, token });

      const { conversation } = await start(embed);
      const streamed = await send(embed, conversation.id);
      expect(streamed.status).toBe(200);
      expect(parseEvents(await streamed.text()).at(-1)?.type).toBe('message');
      // The same user in another iframe (the token alone) reads it; another visitor does not.
      expect(
        (await iframe({ authorization: `Bearer ${token}` }).get(`/api/conversations/${conversation.id}`))
          .status,
      ).toBe(200);
      expect(
        (await iframe({ [VISITOR_HEADER]: visitor }).get(`/api/conversations/${conversation.id}`)).status,
      ).toBe(404);
      expect(embed.lastSetCookie.filter((c) => c.startsWith('doppel_session='))).toEqual([]);
    });

    it('an anonymous visitor past the quota gets the 402 with the usage that refused it', async () => {
      const visitor = (await start(iframe(), 'jun')).res.headers.get(VISITOR_HEADER) ?? '';
      const embed = iframe({ [VISITOR_HEADER]: visitor });
      const { conversation } = await start(embed, 'jun');
      for (let i = 0; i < 2; i++) {
        const ok = await send(embed, conversation.id, 'jun');
        expect(ok.status).toBe(200);
        await ok.text();
      }
      const refused = await send(embed, conversation.id, 'jun');
      expect(refused.status).toBe(402);
      const body = UsageRefusal.parse(await refused.json());
      expect(body.error).toBe(MESSAGE_LIMIT_REACHED);
      expect(body.usage).toMatchObject({ anonymous: true, remaining: { messages: 0 } });
    });
  });
});

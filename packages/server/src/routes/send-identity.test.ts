import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, Conversation, VISITOR_HEADER } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { countMessages, seedClone } from '../../test/support/seed';
import { createApp } from '../app';
import type { Config } from '../config';
import { silentLogger } from '../logger';
import { TOO_MANY_CONVERSATIONS } from './conversations';
import { IDENTITY_REQUIRED } from './messages';

const STREAM = '/api/clone/talk/messages/stream';

// Issue 7 §5: a client that sent no identity got a fresh visitor, and so a fresh free quota,
// on every request: 30 sends answered against a quota of 10.
describe.each(testDatabases())(
  'who may send, and how many conversations a client starts, on $name',
  ({ open }) => {
    let db: Db;
    let ips = 0;
    const app = (usage: Partial<Config['usage']> = {}) =>
      createApp({
        db,
        brain: scriptedBrain(['Sharpen ', 'first.']),
        config: testConfig({ usage: { ...testConfig().usage, ...usage } }),
        logger: silentLogger,
      });
    const ip = () => `10.8.${Math.floor(++ips / 250)}.${ips % 250}`;
    const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;
    const send = (client: TestClient, conversationId: string) =>
      client.post(STREAM, {
        message: { type: 'TEXT', text: 'How?', slug: 'quota', conversationId },
        timezone: 'UTC',
      });
    const conversationCount = async () => {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations');
      return row?.n ?? -1;
    };

    beforeAll(async () => {
      db = await open();
      await seedClone(db, 'quota', { requireEmail: true, anonymousMessages: 10 });
    });
    afterAll(() => db.close());

    it('answers 401 to every send from a client that keeps no identity, writing nothing', async () => {
      const curl = new TestClient(app(), { cookies: false, ip: ip() });
      const res = await curl.post('/api/conversations', { slug: 'quota', medium: 'WEB' });
      const conversation = Conversation.parse(await res.json());
      const before = await countMessages(db);
      const answers = await Promise.all(Array.from({ length: 30 }, () => send(curl, conversation.id)));
      expect(answers.map((r) => r.status)).toEqual(Array(30).fill(401));
      expect(await errorOf(answers[0] as Response)).toBe(IDENTITY_REQUIRED);
      expect(await countMessages(db)).toBe(before);
    });

    it('answers 401 to a made-up visitor id, and the visitor id it hands out then works', async () => {
      const embed = new TestClient(app(), {
        cookies: false,
        ip: ip(),
        headers: { [VISITOR_HEADER]: 'made-up' },
      });
      const started = await embed.post('/api/conversations', { slug: 'quota', medium: 'EMBED' });
      const handedOut = started.headers.get(VISITOR_HEADER) ?? '';
      const conversation = Conversation.parse(await started.json());
      expect((await send(embed, conversation.id)).status).toBe(401);
      const kept = new TestClient(embed.app, { cookies: false, headers: { [VISITOR_HEADER]: handedOut } });
      expect((await send(kept, conversation.id)).status).toBe(200);
    });

    it('limits conversations started per IP per hour: 429, nothing written; another IP goes on', async () => {
      const limited = app({ conversationsPerIpPerHour: 3 });
      const address = ip();
      for (let i = 0; i < 3; i++) {
        // A fresh visitor each time: the limit follows the address, not the visitor.
        const res = await new TestClient(limited, { ip: address }).post('/api/conversations', {
          slug: 'quota',
        });
        expect(res.status).toBe(201);
      }
      const before = await conversationCount();
      const refused = await new TestClient(limited, { ip: address }).post('/api/conversations', {
        slug: 'quota',
      });
      expect([refused.status, await errorOf(refused)]).toEqual([429, TOO_MANY_CONVERSATIONS]);
      expect(await conversationCount()).toBe(before);
      expect(
        (await new TestClient(limited, { ip: ip() }).post('/api/conversations', { slug: 'quota' })).status,
      ).toBe(201);
    });

    it('holds the limit under concurrent starts', async () => {
      const limited = app({ conversationsPerIpPerHour: 4 });
      const address = ip();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          new TestClient(limited, { ip: address }).post('/api/conversations', { slug: 'quota' }),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(6);
    });
  },
);

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  BOT_CHECK_FAILED,
  BotCheckChallengeResponse,
  BotCheckToken,
  Conversation,
  VISITOR_HEADER,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedPayload } from '../../test/support/bot-check';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { countMessages, seedClone } from '../../test/support/seed';
import { createApp } from '../app';
import { BOT_TOKEN_TTL_MS } from '../bot-check/bot-check';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';

const STREAM = '/api/clone/talk/messages/stream';

/** What the page does: fetch a challenge, solve it, and answer ALTCHA's payload (base64 JSON). */
async function solved(client: TestClient): Promise<string> {
  const answer = BotCheckChallengeResponse.parse(await (await client.get('/api/bot-check')).json());
  if (!answer.required) throw new Error('the bot check is off');
  return solvedPayload(answer.challenge);
}

describe.each(testDatabases())('the bot check on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'bots');
    app = createApp({
      db,
      brain: scriptedBrain(['Sharpen ', 'first.']),
      config: testConfig({ botCheck: { required: true, maxNumber: 2_000 } }),
      logger: silentLogger,
      clock,
    });
  });
  afterAll(() => db.close());

  /** A browser on the site: it has loaded a page (its visitor cookie) and started a conversation. */
  async function browser(headers: Record<string, string> = {}) {
    const client = new TestClient(app, { headers });
    await client.get('/api/me');
    const conversation = Conversation.parse(
      await (await client.post('/api/conversations', { slug: 'bots', medium: 'WEB' })).json(),
    );
    const send = (botToken?: string | null) =>
      client.post(STREAM, {
        message: { type: 'TEXT', text: 'How?', slug: 'bots', conversationId: conversation.id, botToken },
        timezone: 'UTC',
      });
    return { client, send };
  }
  const redeem = (client: TestClient, payload: string) => client.post('/api/bot-check', { payload });
  const tokenOf = async (res: Response) => BotCheckToken.parse(await res.json()).token;
  const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

  it('refuses a site send without a valid token (403, nothing written), then lets it through with one', async () => {
    const { client, send } = await browser();
    const before = await countMessages(db);
    for (const token of [undefined, null, '', 'made-up', `${Date.now() + 60_000}.${'a'.repeat(43)}`]) {
      const res = await send(token);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(BOT_CHECK_FAILED);
    }
    expect(await countMessages(db)).toBe(before);

    const redeemed = await redeem(client, await solved(client));
    expect(redeemed.status).toBe(200);
    const token = await tokenOf(redeemed);
    // One token for the visitor's sends, not one per message.
    for (let i = 0; i < 2; i += 1) {
      const res = await send(token);
      expect(res.status).toBe(200);
      await res.text();
    }
    expect(await countMessages(db)).toBe(before + 4);
  });

  it('a token works for its own visitor only, and stops after an hour', async () => {
    const first = await browser();
    const token = await tokenOf(await redeem(first.client, await solved(first.client)));
    const other = await browser();
    expect((await other.send(token)).status).toBe(403);

    clock.advance(BOT_TOKEN_TTL_MS + 1_000);
    expect((await first.send(token)).status).toBe(403);
  });

  it('redeems a solution once, and refuses wrong work, a forged challenge and bad bodies', async () => {
    const { client } = await browser();
    const payload = await solved(client);
    expect((await redeem(client, payload)).status).toBe(200);
    const replayed = await redeem(client, payload);
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toBe(BOT_CHECK_FAILED);

    const fresh = JSON.parse(Buffer.from(await solved(client), 'base64').toString());
    const variants = [
      { ...fresh, number: fresh.number + 1 }, // the work does not match
      { ...fresh, signature: 'f'.repeat(64) }, // a challenge this server did not sign
      { ...fresh, salt: `${fresh.salt.split('?')[0]}?expires=9999999999` }, // a longer life, unsigned
    ];
    for (const variant of variants) {
      const res = await redeem(client, Buffer.from(JSON.stringify(variant)).toString('base64'));
      expect(res.status).toBe(400);
    }
    expect((await redeem(client, 'not base64 json')).status).toBe(400);
    expect((await client.post('/api/bot-check', { payload: '' })).status).toBe(400);
    expect((await client.post('/api/bot-check', { payload: 'x'.repeat(3_000) })).status).toBe(400);
    expect((await client.post('/api/bot-check', '{')).status).toBe(400);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bot_check_solutions');
    // Only the one good solution of this test (and the earlier tests') was kept.
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('a caller without a visitor id gets no token', async () => {
    const curl = new TestClient(app, { cookies: false });
    const answer = BotCheckChallengeResponse.parse(await (await curl.get('/api/bot-check')).json());
    expect(answer.required).toBe(true);
    expect((await curl.post('/api/bot-check', { payload: 'eyJ9' })).status).toBe(400);
  });

  it('exempts embeds: the visitor header (or a bearer token) sends without a token', async () => {
    const probe = new TestClient(app, { cookies: false });
    const id = (await probe.get('/api/me')).headers.get(VISITOR_HEADER) ?? '';
    const embed = await browser({ [VISITOR_HEADER]: id });
    const res = await embed.send(null);
    expect(res.status).toBe(200);
    await res.text();
  });
});

describe.each(testDatabases())('without the bot check on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('says no token is needed (BOT_CHECK=off, or auto on localhost)', async () => {
    const app = createApp({ db, brain: scriptedBrain([]), config: testConfig(), logger: silentLogger });
    const answer = await (await new TestClient(app).get('/api/bot-check')).json();
    expect(answer).toEqual({ required: false });
  });

  it('is on by default for a public address, and as BOT_CHECK says', () => {
    const required = (env: Record<string, string>) => loadConfig(env).botCheck.required;
    expect(required({})).toBe(false);
    expect(required({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toBe(false);
    expect(required({ PUBLIC_URL: 'https://talk.example.com' })).toBe(true);
    expect(required({ PUBLIC_URL: 'https://talk.example.com', BOT_CHECK: 'off' })).toBe(false);
    expect(required({ BOT_CHECK: 'on' })).toBe(true);
    expect(() => loadConfig({ BOT_CHECK: 'maybe' })).toThrow(/BOT_CHECK/);
  });
});

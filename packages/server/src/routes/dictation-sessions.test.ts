import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  DICTATION_FAILED,
  DictationResponse,
  DictationSession,
  STOP_RECORDING,
} from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { createApp } from '../app';
import type { Config } from '../config';
import { silentLogger } from '../logger';
import {
  LOCAL_GLADIA_KEY,
  type LocalGladia,
  pcmSecond,
  startLocalGladia,
} from '../providers/gladia/local-gladia';
import { NOT_OFFERED } from './dictation';
import { BAD_SESSION_ID, SESSION_NOT_FOUND } from './dictation-sessions';

const QUESTION = 'how do you sharpen a chisel';
const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;
const base = testConfig();

/** Streams `seconds` of a tone to the session's socket, stops the recording, waits for the close. */
async function speak(url: string, seconds: number): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise((open, fail) => {
    ws.once('open', open);
    ws.once('error', fail);
  });
  for (let i = 0; i < seconds; i += 1) ws.send(pcmSecond(true));
  ws.send(STOP_RECORDING);
  return new Promise((closed) => ws.once('close', closed));
}

describe.each(testDatabases())('dictation sessions with Gladia on $name', ({ open }) => {
  let db: Db;
  let gladia: LocalGladia;
  let browser: TestClient;
  const appWith = (overrides: Partial<Config>) =>
    createApp({ db, brain: scriptedBrain([]), config: testConfig(overrides), logger: silentLogger });
  const gladiaConfig = () => ({ gladia: { apiKey: LOCAL_GLADIA_KEY, baseUrl: gladia.url } });
  const start = (client = browser, slug = 'lathe') =>
    client.request(`/api/clones/${slug}/dictation/sessions`, { method: 'POST' });
  const transcriptOf = (id: string, client = browser, slug = 'lathe') =>
    client.request(`/api/clones/${slug}/dictation/sessions/${id}`);
  const written = async () => {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_events WHERE bucket = 'dictation'`,
    );
    return { rateEvents: row?.n, sessions: gladia.sessions.size };
  };

  beforeAll(async () => {
    db = await open();
    gladia = await startLocalGladia({ transcript: QUESTION });
    await seedClone(db, 'lathe');
    await seedClone(db, 'other');
    browser = new TestClient(appWith(gladiaConfig()));
    await browser.get('/api/me');
  });
  afterAll(async () => {
    await gladia.close();
    await db.close();
  });

  it("opens a 48 kHz mono session with the key and the clone's language; the browser gets only its URL", async () => {
    const res = await start();
    expect(res.status).toBe(201);
    const raw = await res.text();
    expect(raw).not.toContain(LOCAL_GLADIA_KEY);
    const session = DictationSession.parse(JSON.parse(raw));
    if (session.provider !== 'gladia') throw new Error('expected a Gladia session');
    expect(session.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v2\/live\?token=/);
    expect(gladia.keys.at(-1)).toBe(LOCAL_GLADIA_KEY);
    expect(gladia.sessions.get(session.id)?.request).toMatchObject({
      encoding: 'wav/pcm',
      bit_depth: 16,
      sample_rate: 48_000,
      channels: 1,
      language_config: { languages: ['en'] },
      custom_metadata: { clone: 'lathe', visitor: expect.stringMatching(/^visitor:/) },
    });
  });

  it('reads the full transcript of a finished session, for the visitor who opened it only', async () => {
    const session = DictationSession.parse(await (await start()).json());
    if (session.provider !== 'gladia') throw new Error('expected a Gladia session');
    expect(await speak(session.url, 2)).toBe(1000);
    expect(gladia.sessions.get(session.id)?.problems).toEqual([]);

    const res = await transcriptOf(session.id);
    expect(res.status).toBe(200);
    expect(DictationResponse.parse(await res.json()).text).toBe(QUESTION);

    const stranger = new TestClient(browser.app);
    await stranger.get('/api/me');
    const theirs = await transcriptOf(session.id, stranger);
    expect(theirs.status).toBe(404);
    expect(await errorOf(theirs)).toBe(SESSION_NOT_FOUND);
    expect((await transcriptOf(session.id, browser, 'other')).status).toBe(404);
  });

  it('answers an empty text while Gladia is still processing the session', async () => {
    const session = DictationSession.parse(await (await start()).json());
    if (session.provider !== 'gladia') throw new Error('expected a Gladia session');
    const res = await transcriptOf(session.id);
    expect(res.status).toBe(200);
    expect(DictationResponse.parse(await res.json()).text).toBe('');
  });

  it('refuses bad input and unknown sessions or clones, writing nothing and opening no session', async () => {
    const before = await written();
    const badId = await transcriptOf('not%20an%20id');
    expect(badId.status).toBe(400);
    expect(await errorOf(badId)).toBe(BAD_SESSION_ID);
    expect((await transcriptOf('0b7c6a1e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await start(browser, 'nobody')).status).toBe(404);
    const curl = new TestClient(browser.app, { cookies: false });
    expect((await start(curl)).status).toBe(401);
    expect(await written()).toEqual(before);
  });

  it('says the recording failed when Gladia refuses or cannot be reached', async () => {
    const wrongKey = new TestClient(appWith({ gladia: { apiKey: 'wrong', baseUrl: gladia.url } }));
    await wrongKey.get('/api/me');
    const refused = await start(wrongKey);
    expect(refused.status).toBe(502);
    expect(await errorOf(refused)).toBe(DICTATION_FAILED);
    const down = new TestClient(
      appWith({ gladia: { apiKey: LOCAL_GLADIA_KEY, baseUrl: 'http://127.0.0.1:9' } }),
    );
    await down.get('/api/me');
    expect((await start(down)).status).toBe(502);
  });

  it('counts sessions against the per-address hourly limit', async () => {
    const limited = new TestClient(
      appWith({ ...gladiaConfig(), speech: { ...base.speech, perIpPerHour: 1 } }),
      { ip: '203.0.113.9' },
    );
    await limited.get('/api/me');
    expect((await start(limited)).status).toBe(201);
    const opened = gladia.sessions.size;
    expect((await start(limited)).status).toBe(429);
    expect(gladia.sessions.size).toBe(opened);
  });

  it('without Gladia: the local recogniser hears the memo, or dictation is not offered', async () => {
    const local = new TestClient(appWith({ speech: { ...base.speech, executable: '/bin/true' } }));
    await local.get('/api/me');
    const res = await start(local);
    expect(res.status).toBe(200);
    expect(DictationSession.parse(await res.json())).toEqual({ provider: 'local' });
    expect((await transcriptOf('abc', local)).status).toBe(404);

    const none = new TestClient(appWith({ speech: { ...base.speech, executable: null } }));
    await none.get('/api/me');
    const off = await start(none);
    expect(off.status).toBe(404);
    expect(await errorOf(off)).toBe(NOT_OFFERED);
  });
});

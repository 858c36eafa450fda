import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, TTS_TEXT_MAX_LENGTH } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import { silentLogger } from '../logger';
import { FAKE_TTS_KEY, fakeAudio, startFakeTtsApis } from '../providers/tts/fake-tts-apis';
import { NO_VOICE, NOTHING_TO_READ, READ_ALOUD_UNAVAILABLE, TOO_MANY_READS } from './tts';

const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;

describe.each(testDatabases())('POST /api/tts on $name', ({ open }) => {
  let db: Db;
  let apis: Awaited<ReturnType<typeof startFakeTtsApis>>;
  let ips = 0;
  const clock = new ManualClock();

  const client = (overrides: Partial<Config> = {}) =>
    new TestClient(
      createApp({ db, brain: scriptedBrain([]), config: testConfig(overrides), logger: silentLogger, clock }),
      { ip: `10.7.0.${++ips % 250}` },
    );
  /** A browser that already holds its visitor cookie. */
  const visitor = async () => {
    const browser = client();
    await browser.get('/api/me');
    return browser;
  };
  const countAudio = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tts_audio'))[0]?.n;
  const countRateEvents = async () =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_events WHERE bucket = 'tts'"))[0]?.n;
  const setVoice = (slug: string, voice: unknown) =>
    db.query('UPDATE clones SET voice = $2, voice_id = $3 WHERE slug = $1', [
      slug,
      JSON.stringify(voice),
      voice === null ? null : 'v',
    ]);
  /** A conversation of `owner` with one clone message; answers the message's id. */
  const cloneMessage = async (owner: TestClient, slug: string, text: string): Promise<string> => {
    const res = await owner.post('/api/conversations', { slug });
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO messages (conversation_id, sender, text) VALUES ($1, 'CLONE', $2) RETURNING id",
      [id, text],
    );
    return row?.id ?? '';
  };

  beforeAll(async () => {
    db = await open();
    apis = await startFakeTtsApis();
    await seedClone(db, 'ada');
    await seedClone(db, 'mute');
    await setVoice('ada', { provider: 'espeak', voiceId: 'en-us', model: null });
  });
  afterAll(async () => {
    await apis.close();
    await db.close();
  });

  it('reads a text in the clone’s voice: WAV from espeak-ng, then the same audio from the cache', async () => {
    const browser = client();
    const body = { slug: 'ada', text: 'I hone at thirty degrees [1].' };
    const made = await browser.post('/api/tts', body);
    expect([made.status, made.headers.get('content-type'), made.headers.get('x-doppel-audio')]).toEqual([
      200,
      'audio/wav',
      'made',
    ]);
    const bytes = Buffer.from(await made.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    await expect.poll(countAudio).toBe(1);
    const again = await client().post('/api/tts', body);
    expect(again.headers.get('x-doppel-audio')).toBe('cached');
    const cached = Buffer.from(await again.arrayBuffer());
    // The cached copy carries the real sizes; the audio is the same.
    expect(cached.length).toBe(bytes.length);
    expect(cached.readUInt32LE(4)).toBe(cached.length - 8);
    expect(cached.subarray(44).equals(bytes.subarray(44))).toBe(true);
  });

  it('reads a message of the caller’s by its id, kept per message; another visitor’s is 404', async () => {
    const owner = await visitor();
    const id = await cloneMessage(owner, 'ada', 'Sharpen **first**, always [2].');
    const before = await countAudio();
    const res = await owner.post('/api/tts', {
      slug: 'ada',
      text: 'ignored for the stored text',
      messageId: id,
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await expect.poll(countAudio).toBe((before ?? 0) + 1);
    const [row] = await db.query<{ message_id: string }>(
      'SELECT message_id FROM tts_audio WHERE message_id = $1',
      [id],
    );
    expect(row?.message_id).toBe(id);

    const stranger = await (await visitor()).post('/api/tts', { slug: 'ada', text: 'x', messageId: id });
    expect([stranger.status, await errorOf(stranger)]).toEqual([404, 'Message not found']);
    const otherClone = await owner.post('/api/tts', { slug: 'mute', text: 'x', messageId: id });
    expect(otherClone.status).toBe(409);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const browser = client();
    const audio = await countAudio();
    const events = await countRateEvents();
    const cases: [unknown, number, RegExp][] = [
      [{ slug: 'ada', text: '   ' }, 400, /^text: Text is empty/],
      [{ slug: 'ada', text: 'x'.repeat(TTS_TEXT_MAX_LENGTH + 1) }, 400, /longer than/],
      [{ slug: 'ada' }, 400, /^text: /],
      [{ slug: 'ada', text: 'hi', messageId: 'nope' }, 400, /^messageId: /],
      [{ slug: 'ada', text: '[1] [2]' }, 400, new RegExp(NOTHING_TO_READ)],
      [{ slug: 'nobody', text: 'hi' }, 404, /^Clone not found$/],
      [{ slug: 'mute', text: 'hi' }, 409, new RegExp(NO_VOICE)],
      [
        { slug: 'ada', text: 'hi', messageId: '4f0c5a4e-0000-4000-8000-000000000000' },
        404,
        /^Message not found$/,
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await browser.post('/api/tts', body);
      expect([status, await errorOf(res)]).toEqual([res.status, expect.stringMatching(error)]);
    }
    const plain = await browser.request('/api/tts', {
      method: 'POST',
      json: '{"slug":"ada","text":"hi"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect([await countAudio(), await countRateEvents()]).toEqual([audio, events]);
  });

  it('answers 503 when no service can speak here', async () => {
    const res = await client({ tts: loadConfig({ ESPEAK_PATH: 'off' }).tts }).post('/api/tts', {
      slug: 'ada',
      text: 'hi',
    });
    expect([res.status, await errorOf(res)]).toEqual([503, READ_ALOUD_UNAVAILABLE]);
  });

  it('limits new audio per client address; cached audio is still served', async () => {
    const limited = client({ tts: { ...loadConfig({}).tts, perIpPerHour: 2 } });
    for (const text of ['one', 'two']) {
      const res = await limited.post('/api/tts', { slug: 'ada', text });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const third = await limited.post('/api/tts', { slug: 'ada', text: 'three' });
    expect([third.status, await errorOf(third)]).toEqual([429, TOO_MANY_READS]);
    await expect
      .poll(async () => (await limited.post('/api/tts', { slug: 'ada', text: 'one' })).status)
      .toBe(200);
  });

  it('speaks through a keyed service when the clone’s voice is one of its voices', async () => {
    await setVoice('mute', { provider: 'openai', voiceId: 'alloy', model: null });
    const keyed = loadConfig({
      OPENAI_TTS_API_KEY: FAKE_TTS_KEY,
      OPENAI_TTS_BASE_URL: `${apis.baseUrl}/v1`,
    }).tts;
    const res = await client({ tts: keyed }).post('/api/tts', { slug: 'mute', text: 'Hello [1].' });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(fakeAudio('openai'))).toBe(true);
    expect(apis.requests.at(-1)?.body).toMatchObject({ input: 'Hello.', voice: 'alloy' });
    await setVoice('mute', null);
  });
});

import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, DictationResponse } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { TestClient } from '../../test/support/client';
import { testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { spokenWav, wavOf } from '../../test/support/speech-wav';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { NOT_OFFERED, WAV_REQUIRED } from './dictation';

const speech = loadConfig({}).speech;

describe.skipIf(speech.executable === null)('dictation with the local recogniser', () => {
  describe.each(testDatabases())('on $name', ({ open }) => {
    let db: Db;
    let browser: TestClient;
    const post = (body: Buffer | string, type = 'audio/wav', client = browser) =>
      client.request('/api/clones/lathe/dictation', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });

    beforeAll(async () => {
      db = await open();
      const clone = await seedClone(db, 'lathe');
      // The clone's own words: its language model is built from them.
      const [document] = await db.query<{ id: string }>(
        `INSERT INTO documents (clone_id, path, title, type, content_hash) VALUES ($1, 'sharpening.md', 'Sharpening', 'article', 'h1') RETURNING id`,
        [clone.id],
      );
      await db.query(`INSERT INTO chunks (clone_id, document_id, position, text) VALUES ($1, $2, 0, $3)`, [
        clone.id,
        document?.id,
        'I sharpen a chisel on a coarse stone first. Then I hone the chisel on a fine stone and strop it. How do you sharpen a chisel? Start coarse and finish fine.',
      ]);
      await db.query(
        `INSERT INTO suggested_questions (clone_id, position, question) VALUES ($1, 2, 'How do you sharpen a chisel?')`,
        [clone.id],
      );
      const app = createApp({
        db,
        brain: scriptedBrain([]),
        config: testConfig({ speech }),
        logger: silentLogger,
      });
      browser = new TestClient(app);
      await browser.get('/api/me');
    });
    afterAll(() => db.close());

    it("hears a spoken question in the clone's words", async () => {
      const res = await post(spokenWav('How do you sharpen a chisel?'));
      expect(res.status).toBe(200);
      const { text } = DictationResponse.parse(await res.json());
      expect(text).toMatch(/sharpen/);
      expect(text).toMatch(/chisel/);
    });

    it('answers an empty text for silence', async () => {
      const res = await post(wavOf(new Int16Array(16_000), 16_000));
      expect(res.status).toBe(200);
      expect(DictationResponse.parse(await res.json()).text).toBe('');
    });

    it('refuses what is not a 16 kHz mono WAV, a too long one, another type, and an unknown clone', async () => {
      const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;
      const wrongRate = spokenWav('Hello there', 22_050);
      const stereo = Buffer.from(spokenWav('Hello there'));
      stereo.writeUInt16LE(2, 22);
      const cases: [Buffer | string, string, number][] = [
        ['not audio at all', 'audio/wav', 400],
        [wrongRate, 'audio/wav', 400],
        [stereo, 'audio/wav', 400],
        [spokenWav('Hello there'), 'application/json', 415],
        [wavOf(new Int16Array(16_000 * 61), 16_000), 'audio/wav', 413],
      ];
      for (const [body, type, status] of cases) {
        const res = await post(body, type);
        expect(res.status).toBe(status);
        expect(await errorOf(res)).toBe(WAV_REQUIRED);
      }
      const unknown = await browser.request('/api/clones/nobody/dictation', {
        method: 'POST',
        headers: { 'content-type': 'audio/wav' },
        body: spokenWav('Hello'),
      });
      expect(unknown.status).toBe(404);
    });

    it('needs a visitor: a client that keeps no identity gets 401', async () => {
      const curl = new TestClient(browser.app, { cookies: false });
      expect((await post(spokenWav('Hello'), 'audio/wav', curl)).status).toBe(401);
    });
  });
});

describe.each(testDatabases())('without a recogniser on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'quiet');
  });
  afterAll(() => db.close());

  it('offers no dictation and says so', async () => {
    const app = createApp({
      db,
      brain: scriptedBrain([]),
      config: testConfig({ speech: { ...speech, executable: null } }),
      logger: silentLogger,
    });
    const client = new TestClient(app);
    await client.get('/api/me');
    const res = await client.request('/api/clones/quiet/dictation', {
      method: 'POST',
      headers: { 'content-type': 'audio/wav' },
      body: wavOf(new Int16Array(1_600), 16_000),
    });
    expect(res.status).toBe(404);
    expect(ApiError.parse(await res.json()).error).toBe(NOT_OFFERED);
  });
});

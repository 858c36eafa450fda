import { GladiaClient, type LiveV2WebSocketMessage } from '@gladiaio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { GladiaError, gladiaLanguage, gladiaLive } from './gladia-provider';
import { LOCAL_GLADIA_KEY, type LocalGladia, pcmSecond, startLocalGladia } from './local-gladia';

const HEARD = 'how do you sharpen a chisel';

describe('the local Gladia double, driven by the official SDK (@gladiaio/sdk)', () => {
  let gladia: LocalGladia;
  beforeAll(async () => {
    gladia = await startLocalGladia({ transcript: HEARD });
  });
  afterAll(() => gladia.close());

  it("answers a live session as Gladia's own client expects: acknowledgments, transcripts, the end, the job", async () => {
    const live = new GladiaClient({ apiKey: LOCAL_GLADIA_KEY, apiUrl: gladia.url }).liveV2();
    const session = live.startSession({
      encoding: 'wav/pcm',
      bit_depth: 16,
      sample_rate: 48_000,
      channels: 1,
      messages_config: {
        receive_partial_transcripts: true,
        receive_final_transcripts: true,
        receive_acknowledgments: true,
      },
    });
    const messages: LiveV2WebSocketMessage[] = [];
    const errors: Error[] = [];
    session.on('message', (message) => messages.push(message));
    session.on('error', (error) => errors.push(error));
    const ended = new Promise<{ code: number }>((done) => session.once('ended', done));
    session.sendAudio(pcmSecond(true));
    session.sendAudio(pcmSecond(true));
    session.stopRecording();
    expect((await ended).code).toBe(1000);
    expect(errors).toEqual([]);

    const types = messages.map((m) => m.type);
    // The SDK sends what it buffered before the socket opened at once; every byte is acknowledged.
    const acked = messages.flatMap((m) => (m.type === 'audio_chunk' && m.data ? [m.data.byte_range[1]] : []));
    expect(acked.at(-1)).toBe(2 * 96_000);
    expect(types.slice(-4)).toEqual(['transcript', 'end_recording', 'post_final_transcript', 'end_session']);
    const finals = messages.flatMap((m) =>
      m.type === 'transcript' && m.data.is_final ? [m.data.utterance.text] : [],
    );
    expect(finals).toEqual([HEARD]);

    const job = await live.get(await session.getSessionId());
    expect(job.status).toBe('done');
    expect(job.result?.transcription?.full_transcript).toBe(HEARD);
  });

  it('refuses a wrong key as Gladia does (401), and the server says so', async () => {
    const live = new GladiaClient({
      apiKey: 'wrong',
      apiUrl: gladia.url,
      httpRetry: { maxAttempts: 1 },
    }).liveV2();
    await expect(live.get('0b7c6a1e-0000-4000-8000-000000000000')).rejects.toThrow(/401/);
    const server = gladiaLive(gladia.url, 'wrong');
    await expect(server.start({ clone: 'lathe', visitor: 'visitor:1' }, 'en')).rejects.toThrow(GladiaError);
    await expect(server.start({ clone: 'lathe', visitor: 'visitor:1' }, 'en')).rejects.toThrow(
      'Invalid or missing x-gladia-key',
    );
  });

  it("reads the server's session back, with its owner", async () => {
    const server = gladiaLive(gladia.url, LOCAL_GLADIA_KEY);
    const { id } = await server.start({ clone: 'lathe', visitor: 'visitor:1' }, 'fr');
    expect(gladia.sessions.get(id)?.request.language_config).toEqual({ languages: ['fr'] });
    expect(await server.result(id)).toEqual({
      owner: { clone: 'lathe', visitor: 'visitor:1' },
      transcript: null,
    });
    expect(await server.result('0b7c6a1e-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('the Gladia settings', () => {
  it('offer dictation with a key, even without the local recogniser; nothing without one', () => {
    const on = loadConfig({
      GLADIA_API_KEY: 'k',
      GLADIA_BASE_URL: 'http://127.0.0.1:1/',
      POCKETSPHINX_PATH: 'off',
    });
    expect(on.gladia).toEqual({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
    expect(on.configured.gladia).toBe(true);
    expect(on.offered.dictation).toBe(true);
    const off = loadConfig({ POCKETSPHINX_PATH: 'off' });
    expect(off.configured.gladia).toBe(false);
    expect(off.offered.dictation).toBe(false);
    expect(() => loadConfig({ GLADIA_BASE_URL: 'not a url' })).toThrow(/GLADIA_BASE_URL/);
  });
});

describe("a clone's language for Gladia", () => {
  it('is its ISO 639-1 code, or null to let Gladia detect it', () => {
    expect(gladiaLanguage('English')).toBe('en');
    expect(gladiaLanguage('french')).toBe('fr');
    expect(gladiaLanguage('pt-BR')).toBe('pt');
    expect(gladiaLanguage('Klingon')).toBeNull();
  });
});

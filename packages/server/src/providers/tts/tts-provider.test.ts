import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { FAKE_TTS_KEY, fakeAudio, startFakeTtsApis } from './fake-tts-apis';
import type { Speech } from './speaker';
import { ttsProvider } from './tts-provider';

async function bytesOf(speech: Speech): Promise<Buffer> {
  return Buffer.from(await new Response(speech.body).arrayBuffer());
}

describe('the read-aloud provider', () => {
  let apis: Awaited<ReturnType<typeof startFakeTtsApis>>;
  beforeAll(async () => {
    apis = await startFakeTtsApis();
  });
  afterAll(() => apis.close());

  const keyed = () => ({
    ELEVENLABS_API_KEY: FAKE_TTS_KEY,
    ELEVENLABS_BASE_URL: apis.baseUrl,
    CARTESIA_API_KEY: FAKE_TTS_KEY,
    CARTESIA_BASE_URL: `${apis.baseUrl}/`,
    OPENAI_TTS_API_KEY: FAKE_TTS_KEY,
    OPENAI_TTS_BASE_URL: `${apis.baseUrl}/v1`,
  });
  const tts = (env: Record<string, string>) => ttsProvider.create(loadConfig(env, '/srv/doppel').tts, {});

  it('speaks with espeak-ng locally: a WAV stream, in the clone’s espeak voice', async () => {
    const config = loadConfig({}, '/srv/doppel');
    expect(config.offered.readAloud).toBe(true);
    expect(config.configured.tts).toBe(false);
    const who = tts({}).speakerFor({ provider: 'espeak', voiceId: 'en-us+f3', model: null });
    expect(who?.speaker.kind).toBe('espeak');
    const wav = await bytesOf(await (who?.speaker.speak('Hello there.', who.choice) ?? Promise.reject()));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(10_000);
  });

  it('is off with no espeak-ng and no key; a clone without a voice has no speaker', () => {
    const config = loadConfig({ ESPEAK_PATH: 'off' }, '/srv/doppel');
    expect(config.offered.readAloud).toBe(false);
    expect(
      tts({ ESPEAK_PATH: '/nowhere/espeak-ng' }).speakerFor({
        provider: 'espeak',
        voiceId: 'en',
        model: null,
      }),
    ).toBeNull();
    expect(tts({}).speakerFor(null)).toBeNull();
  });

  it('reads a keyed service’s voice with espeak-ng when that service has no key here', () => {
    const who = tts({}).speakerFor({ provider: '11labs', voiceId: 'abc', model: null });
    expect([who?.speaker.kind, who?.choice.voiceId]).toEqual(['espeak', 'en-us']);
  });

  it('calls ElevenLabs as its API expects', async () => {
    const who = tts(keyed()).speakerFor({ provider: '11labs', voiceId: 'voice 1', model: null });
    const speech = await (who?.speaker.speak('Hi.', who.choice) ?? Promise.reject());
    expect([speech.contentType, (await bytesOf(speech)).equals(fakeAudio('11labs'))]).toEqual([
      'audio/mpeg',
      true,
    ]);
    const request = apis.requests.at(-1);
    expect(request?.path).toBe('/v1/text-to-speech/voice%201?output_format=mp3_44100_128');
    expect(request?.headers['xi-api-key']).toBe(FAKE_TTS_KEY);
    expect(request?.body).toEqual({ text: 'Hi.', model_id: 'eleven_multilingual_v2' });
  });

  it('calls Cartesia as its API expects', async () => {
    const who = tts(keyed()).speakerFor({ provider: 'cartesia', voiceId: 'v-2', model: 'sonic-3' });
    const speech = await (who?.speaker.speak('Hi.', who.choice) ?? Promise.reject());
    expect((await bytesOf(speech)).equals(fakeAudio('cartesia'))).toBe(true);
    const request = apis.requests.at(-1);
    expect(request?.headers['cartesia-version']).toBe('2024-11-13');
    expect(request?.body).toMatchObject({
      model_id: 'sonic-3',
      transcript: 'Hi.',
      voice: { mode: 'id', id: 'v-2' },
      output_format: { container: 'mp3' },
    });
  });

  it('calls OpenAI as its API expects', async () => {
    const who = tts(keyed()).speakerFor({ provider: 'openai', voiceId: 'alloy', model: null });
    const speech = await (who?.speaker.speak('Hi.', who.choice) ?? Promise.reject());
    expect((await bytesOf(speech)).equals(fakeAudio('openai'))).toBe(true);
    const request = apis.requests.at(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_TTS_KEY}`);
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hi.',
      voice: 'alloy',
      response_format: 'mp3',
    });
  });

  it('fails with the service’s status on a wrong key', async () => {
    const who = tts({ ...keyed(), OPENAI_TTS_API_KEY: 'wrong' }).speakerFor({
      provider: 'openai',
      voiceId: 'alloy',
      model: null,
    });
    await expect(who?.speaker.speak('Hi.', who.choice)).rejects.toThrow(/OpenAI answered 401/);
  });
});

import { LIVE_SAMPLE_RATE } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_GLADIA_KEY,
  type LocalGladia,
  startLocalGladia,
} from '../../../server/src/providers/gladia/local-gladia';
import { liveChunk, liveDictation } from './live-dictation';

/** The live client against a local server speaking Gladia's HTTP and WebSocket protocol. */
const QUESTION = 'how do you sharpen a chisel';
const tone = (seconds: number, rate = LIVE_SAMPLE_RATE) =>
  Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate),
  );

let gladia: LocalGladia;
const realFetch = globalThis.fetch;

/** A session opened as the server does (POST /v2/live with the key), and its full transcript. */
async function openSession() {
  const res = await realFetch(`${gladia.url}/v2/live`, {
    method: 'POST',
    headers: { 'x-gladia-key': LOCAL_GLADIA_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ encoding: 'wav/pcm', bit_depth: 16, sample_rate: 48_000, channels: 1 }),
  });
  const { id, url } = (await res.json()) as { id: string; url: string };
  const fullTranscript = async () => {
    const job = await realFetch(`${gladia.url}/v2/live/${id}`, {
      headers: { 'x-gladia-key': LOCAL_GLADIA_KEY },
    });
    const body = (await job.json()) as { result: { transcription: { full_transcript: string } } | null };
    return body.result?.transcription.full_transcript ?? '';
  };
  const session = () => {
    const found = gladia.sessions.get(id);
    if (!found) throw new Error('no session');
    return found;
  };
  return { url, fullTranscript, session };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
};

describe('live dictation (Gladia)', () => {
  beforeAll(async () => {
    gladia = await startLocalGladia({ transcript: QUESTION });
  });
  afterAll(() => gladia.close());

  it('a chunk is one second of 48 kHz 16-bit PCM without the WAV header', () => {
    const chunk = new DataView(liveChunk(Float32Array.from([0, 0.5, -1])));
    expect(chunk.byteLength).toBe(6);
    expect([0, 1, 2].map((i) => chunk.getInt16(i * 2, true))).toEqual([0, 16383, -32768]);
  });

  it('streams 1 s chunks, sends stop_recording, and answers what Gladia heard', async () => {
    const { url, fullTranscript, session } = await openSession();
    const heard: string[] = [];
    const live = liveDictation({
      url,
      fullTranscript,
      onFailure: vi.fn(),
      onTranscript: (t) => heard.push(t),
    });
    // 2.5 s of a tone from a 44.1 kHz microphone, in its 128-sample blocks.
    const audio = tone(2.5, 44_100);
    for (let at = 0; at < audio.length; at += 128) live.push(audio.subarray(at, at + 128), 44_100);
    await until(() => session().frames.length === 2);
    expect(await live.finish()).toBe(QUESTION);
    const { frames, messages, problems } = session();
    expect(problems).toEqual([]);
    // Two whole seconds, then the last half second at stop.
    expect(frames.map((f) => Math.round(f.length / 100))).toEqual([960, 960, 480]);
    expect(messages).toEqual([{ type: 'stop_recording' }]);
    expect(heard[0]).toBe('how');
    expect(heard.at(-1)).toBe(QUESTION);
  });

  it("prefers the session's full transcript when it is longer than the live one", async () => {
    gladia.options.fullTranscript = `${QUESTION} on a coarse stone`;
    try {
      const { url, fullTranscript } = await openSession();
      const live = liveDictation({ url, fullTranscript, onFailure: vi.fn() });
      live.push(tone(1), LIVE_SAMPLE_RATE);
      expect(await live.finish()).toBe(`${QUESTION} on a coarse stone`);
    } finally {
      delete gladia.options.fullTranscript;
    }
  });

  it('keeps the live transcript when the full one is shorter or unreadable', async () => {
    gladia.options.fullTranscript = 'how';
    try {
      const { url, fullTranscript } = await openSession();
      const live = liveDictation({ url, fullTranscript, onFailure: vi.fn() });
      live.push(tone(1), LIVE_SAMPLE_RATE);
      expect(await live.finish()).toBe(QUESTION);
      const other = await openSession();
      const second = liveDictation({
        url: other.url,
        fullTranscript: () => Promise.reject(new Error('502')),
        onFailure: vi.fn(),
      });
      second.push(tone(1), LIVE_SAMPLE_RATE);
      expect(await second.finish()).toBe(QUESTION);
    } finally {
      delete gladia.options.fullTranscript;
    }
  });

  it('answers nothing for silence', async () => {
    const { url, fullTranscript } = await openSession();
    const live = liveDictation({ url, fullTranscript, onFailure: vi.fn() });
    live.push(new Float32Array(LIVE_SAMPLE_RATE), LIVE_SAMPLE_RATE);
    expect(await live.finish()).toBe('');
  });

  it('reopens a dropped socket while recording, 1 s later, and loses no audio', async () => {
    const { url, fullTranscript, session } = await openSession();
    const onFailure = vi.fn();
    const live = liveDictation({ url, fullTranscript, onFailure });
    live.push(tone(1), LIVE_SAMPLE_RATE);
    await until(() => session().frames.length === 1);
    gladia.drop();
    const dropped = Date.now();
    await until(() => session().connections === 1);
    // Recorded while the socket is down: sent once it is back.
    live.push(tone(1), LIVE_SAMPLE_RATE);
    await until(() => session().connections === 2 && session().frames.length === 2);
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(950);
    expect(await live.finish()).toBe(QUESTION);
    expect(onFailure).not.toHaveBeenCalled();
    expect(session().problems).toEqual([]);
  });

  it('gives up after 3 reconnects and says why', async () => {
    const { url, fullTranscript, session } = await openSession();
    const onFailure = vi.fn();
    const live = liveDictation({ url, fullTranscript, onFailure, reconnectDelayMs: 50 });
    for (let connection = 1; connection <= 4; connection += 1) {
      await until(() => session().connections === connection);
      await new Promise((r) => setTimeout(r, 30));
      gladia.drop(4500);
    }
    await until(() => onFailure.mock.calls.length === 1);
    expect(onFailure).toHaveBeenCalledWith(expect.stringContaining('4500'));
    expect(session().connections).toBe(4);
    await expect(live.finish()).rejects.toThrow(/4500/);
  });

  it('cancel sends nothing more and closes the socket', async () => {
    const { url, fullTranscript, session } = await openSession();
    const live = liveDictation({ url, fullTranscript, onFailure: vi.fn() });
    await until(() => session().connections === 1);
    live.cancel();
    live.push(tone(1), LIVE_SAMPLE_RATE);
    await new Promise((r) => setTimeout(r, 100));
    expect(session().frames).toHaveLength(0);
    expect(session().messages).toHaveLength(0);
  });
});

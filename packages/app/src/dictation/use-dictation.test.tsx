import { DICTATION_FAILED, NO_SPEECH_DETECTED } from '@doppel/protocol';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_GLADIA_KEY,
  type LocalGladia,
  startLocalGladia,
} from '../../../server/src/providers/gladia/local-gladia';
import { createAppServices, ServicesProvider } from '../services';
import { jsonResponse } from '../test/fixtures';
import { mockApi } from '../test/render-app';
import type { Recording } from './recorder';
import { MIC_UNAVAILABLE, useDictation } from './use-dictation';

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <ServicesProvider services={createAppServices()}>{children}</ServicesProvider>
);

/** A microphone that records silence until stopped. */
const fakeRecording = (): Recording => ({
  level: () => 50,
  listen: () => undefined,
  stop: async () => new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
  cancel: () => undefined,
});

/** The server's answer where the local recogniser hears memos. */
const LOCAL = { 'POST /api/clones/demo/dictation/sessions': () => jsonResponse({ provider: 'local' }) };

/** Starts dictating and waits until the microphone records. */
async function recording(result: { current: ReturnType<typeof useDictation> }) {
  act(() => result.current.start());
  await waitFor(() => expect(result.current.status).toBe('recording'));
}

/** The hook over a fake microphone (recording silence unless told), with `onText`. */
const dictating = (onText = vi.fn(), microphone = fakeRecording) =>
  renderHook(() => useDictation({ slug: 'demo', onText, record: async () => microphone() }), { wrapper });

describe('dictation', () => {
  afterEach(() => {
    vi.useRealTimers();
    toasts.error.mockReset();
  });

  it('sends what was heard, after at least 1.5 s of processing', async () => {
    const { calls } = mockApi({
      ...LOCAL,
      'POST /api/clones/demo/dictation': () => jsonResponse({ text: 'how do you oil a chain' }),
    });
    const onText = vi.fn();
    const { result } = dictating(onText);
    await recording(result);
    const stopped = Date.now();
    act(() => result.current.stop());
    expect(result.current.status).toBe('processing');
    await waitFor(() => expect(onText).toHaveBeenCalledWith('how do you oil a chain'), { timeout: 3_000 });
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(1_450);
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(calls.filter((c) => c.key === 'POST /api/voice-failures')).toHaveLength(0);
  });

  it("says 'No speech detected' for nothing heard, and reports a failed recognition", async () => {
    let answer = jsonResponse({ text: '' });
    const { calls } = mockApi({
      ...LOCAL,
      'POST /api/clones/demo/dictation': () => answer,
      'POST /api/voice-failures': () => jsonResponse({ ok: true }),
    });
    const onText = vi.fn();
    const { result } = dictating(onText);
    await recording(result);
    act(() => result.current.stop());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(NO_SPEECH_DETECTED), { timeout: 3_000 });

    answer = jsonResponse({ error: 'Failed to process recording. Please try again.' }, 502);
    await recording(result);
    act(() => result.current.stop());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(DICTATION_FAILED), { timeout: 3_000 });
    expect(onText).not.toHaveBeenCalled();
    const reports = calls.filter((c) => c.key === 'POST /api/voice-failures');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.body).toMatchObject({
      event_id: 'voice_memo_failure',
      slug: 'demo',
      message: DICTATION_FAILED,
    });
  });

  it('puts the button in its error state when the microphone is refused, and reports it', async () => {
    const { calls } = mockApi({ 'POST /api/voice-failures': () => jsonResponse({ ok: true }) });
    const refused = async (): Promise<Recording> => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    const { result } = renderHook(() => useDictation({ slug: 'demo', onText: vi.fn(), record: refused }), {
      wrapper,
    });
    act(() => result.current.start());
    await waitFor(() => expect(result.current.micError).toBe(true));
    expect(result.current.status).toBe('idle');
    expect(toasts.error).toHaveBeenCalledWith(MIC_UNAVAILABLE);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/voice-failures')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/voice-failures')?.body).toMatchObject({
      outcome: 'microphone',
      cause: expect.stringContaining('NotAllowedError'),
    });
  });

  it('cancel keeps nothing: no recognition, no message', async () => {
    const { calls } = mockApi(LOCAL);
    const onText = vi.fn();
    const { result } = dictating(onText);
    await recording(result);
    act(() => result.current.cancel());
    expect(result.current.status).toBe('idle');
    expect(calls.filter((c) => c.key === 'POST /api/clones/demo/dictation')).toHaveLength(0);
    expect(onText).not.toHaveBeenCalled();
  });
});

describe('dictation heard live by Gladia', () => {
  const QUESTION = 'how do you oil a chain';
  const realFetch = globalThis.fetch;
  let gladia: LocalGladia;
  beforeAll(async () => {
    gladia = await startLocalGladia({ transcript: QUESTION });
  });
  afterAll(() => gladia.close());
  afterEach(() => {
    vi.unstubAllGlobals();
    toasts.error.mockReset();
  });

  /** The server's two routes, played by the test against the local Gladia (the key stays here). */
  const server: Record<string, () => Response | Promise<Response>> = {
    'POST /api/clones/demo/dictation/sessions': async () => {
      const res = await realFetch(`${gladia.url}/v2/live`, {
        method: 'POST',
        headers: { 'x-gladia-key': LOCAL_GLADIA_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ encoding: 'wav/pcm', bit_depth: 16, sample_rate: 48_000, channels: 1 }),
      });
      const { id, url } = (await res.json()) as { id: string; url: string };
      server[`GET /api/clones/demo/dictation/sessions/${id}`] = async () => {
        const job = await realFetch(`${gladia.url}/v2/live/${id}`, {
          headers: { 'x-gladia-key': LOCAL_GLADIA_KEY },
        });
        const body = (await job.json()) as { result: { transcription: { full_transcript: string } } | null };
        return jsonResponse({ text: body.result?.transcription.full_transcript ?? '' });
      };
      return jsonResponse({ provider: 'gladia', id, url }, 201);
    },
  };
  /** A microphone saying something: two seconds of a tone, at 48 kHz, in 128-sample blocks. */
  const speaking = (): Recording => ({
    ...fakeRecording(),
    listen(onBlock) {
      const tone = Float32Array.from({ length: 96_000 }, (_, i) => 0.3 * Math.sin(i / 10));
      for (let at = 0; at < tone.length; at += 128) onBlock(tone.subarray(at, at + 128), 48_000);
    },
  });

  it('streams the memo to the live session and sends what Gladia heard (its full transcript when longer)', async () => {
    gladia.options.fullTranscript = `${QUESTION} in winter`;
    const { calls } = mockApi(server);
    const onText = vi.fn();
    const { result } = dictating(onText, speaking);
    await recording(result);
    await waitFor(() => expect([...gladia.sessions.values()].some((s) => s.frames.length === 2)).toBe(true));
    const stopped = Date.now();
    act(() => result.current.stop());
    await waitFor(() => expect(onText).toHaveBeenCalledWith(`${QUESTION} in winter`), { timeout: 5_000 });
    delete gladia.options.fullTranscript;
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(1_450);
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(calls.some((c) => c.key === 'POST /api/clones/demo/dictation')).toBe(false);
    expect(calls.filter((c) => c.key.startsWith('GET /api/clones/demo/dictation/sessions/'))).toHaveLength(1);
    const session = [...gladia.sessions.values()].at(-1);
    expect(session?.messages).toEqual([{ type: 'stop_recording' }]);
    expect(session?.problems).toEqual([]);
  });

  it('cancel while transcribing keeps nothing: no message, no full transcript read', async () => {
    const { calls } = mockApi(server);
    const onText = vi.fn();
    const { result } = dictating(onText, speaking);
    await recording(result);
    act(() => result.current.stop());
    expect(result.current.status).toBe('processing');
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.status).toBe('idle'));
    await new Promise((r) => setTimeout(r, 1_700));
    expect(onText).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.key.startsWith('GET /api/clones/demo/dictation/sessions/'))).toHaveLength(0);
  });

  it('a session that cannot be opened ends the recording: the failure is said and reported', async () => {
    const { calls } = mockApi({
      'POST /api/clones/demo/dictation/sessions': () => jsonResponse({ error: DICTATION_FAILED }, 502),
      'POST /api/voice-failures': () => jsonResponse({ ok: true }),
    });
    const onText = vi.fn();
    const { result } = dictating(onText, speaking);
    act(() => result.current.start());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(DICTATION_FAILED));
    expect(result.current.status).toBe('idle');
    expect(onText).not.toHaveBeenCalled();
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/voice-failures')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/voice-failures')?.body).toMatchObject({
      event_id: 'voice_memo_failure',
      message: DICTATION_FAILED,
      cause: expect.stringContaining('502'),
    });
  });

  it('a socket Gladia refuses while recording ends the memo with the failure message', async () => {
    mockApi({ ...server, 'POST /api/voice-failures': () => jsonResponse({ ok: true }) });
    const onText = vi.fn();
    const { result } = dictating(onText, speaking);
    await recording(result);
    await waitFor(() => expect([...gladia.sessions.values()].at(-1)?.connections).toBe(1));
    gladia.drop(4401);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(DICTATION_FAILED));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    expect(onText).not.toHaveBeenCalled();
  });
});

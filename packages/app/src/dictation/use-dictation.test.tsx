import { DICTATION_FAILED, NO_SPEECH_DETECTED } from '@doppel/protocol';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  stop: async () => new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
  cancel: () => undefined,
});

/** Starts dictating and waits until the microphone records. */
async function recording(result: { current: ReturnType<typeof useDictation> }) {
  act(() => result.current.start());
  await waitFor(() => expect(result.current.status).toBe('recording'));
}

/** The hook over a fake microphone that records silence, with `onText`. */
const dictating = (onText = vi.fn()) =>
  renderHook(() => useDictation({ slug: 'demo', onText, record: async () => fakeRecording() }), { wrapper });

describe('dictation', () => {
  afterEach(() => {
    vi.useRealTimers();
    toasts.error.mockReset();
  });

  it('sends what was heard, after at least 1.5 s of processing', async () => {
    const { calls } = mockApi({
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
    expect(result.current.status).toBe('idle');
    expect(calls.filter((c) => c.key === 'POST /api/voice-failures')).toHaveLength(0);
  });

  it("says 'No speech detected' for nothing heard, and reports a failed recognition", async () => {
    let answer = jsonResponse({ text: '' });
    const { calls } = mockApi({
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
    const { calls } = mockApi({});
    const onText = vi.fn();
    const { result } = dictating(onText);
    await recording(result);
    act(() => result.current.cancel());
    expect(result.current.status).toBe('idle');
    expect(calls.filter((c) => c.key.includes('dictation'))).toHaveLength(0);
    expect(onText).not.toHaveBeenCalled();
  });
});

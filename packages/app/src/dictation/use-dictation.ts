/**
 * @module Dictation's states (spec/calls.md §4, §8, §9): idle → recording (a 150-point waveform
 * refreshed every 70 ms, each point clamped to 10–100) → processing (at least 1.5 s; the server
 * recognises the recording) → idle, the text sent as a chat message. 'No speech detected. Please
 * try again.' for nothing heard, 'Failed to process recording. Please try again.' for a failure;
 * cancel, from recording or processing, keeps nothing. A refused or missing microphone puts the
 * send button in its error state until the next try.
 */
import { DICTATION_FAILED, NO_SPEECH_DETECTED } from '@doppel/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeFailure, reportVoiceFailure, transcribeRecording } from '../api';
import { useServices } from '../services';
import { MAX_RECORDING_MS, type Recording, startRecording } from './recorder';

export const WAVEFORM_POINTS = 150;
export const WAVEFORM_TICK_MS = 70;
export const PROCESSING_MIN_MS = 1_500;
const QUIET = 10;
export const MIC_UNAVAILABLE = 'Allow microphone access to dictate a message, then try again.';

export type DictationStatus = 'idle' | 'recording' | 'processing';

export interface Dictation {
  status: DictationStatus;
  waveform: readonly number[];
  micError: boolean;
  start(): void;
  /** Stops recording and sends what was heard. */
  stop(): void;
  cancel(): void;
}

export interface DictationOptions {
  slug: string;
  /** The text heard: sent as a chat message. */
  onText(text: string): void;
  /** For tests: the microphone. */
  record?: () => Promise<Recording>;
}

const flat = (): number[] => Array.from({ length: WAVEFORM_POINTS }, () => QUIET);

export function useDictation({ slug, onText, record = startRecording }: DictationOptions): Dictation {
  const { api } = useServices();
  const [status, setStatus] = useState<DictationStatus>('idle');
  const [waveform, setWaveform] = useState<number[]>(flat);
  const [micError, setMicError] = useState(false);
  const recording = useRef<Recording | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const limit = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Bumped by cancel: a recording or recognition of an older run is dropped. */
  const run = useRef(0);
  const latest = useRef({ onText, slug });
  latest.current = { onText, slug };

  const stopTimers = useCallback(() => {
    if (ticker.current) clearInterval(ticker.current);
    if (limit.current) clearTimeout(limit.current);
    ticker.current = null;
    limit.current = null;
  }, []);

  const cancel = useCallback(() => {
    run.current += 1;
    stopTimers();
    recording.current?.cancel();
    recording.current = null;
    setStatus('idle');
    setWaveform(flat());
  }, [stopTimers]);

  const stop = useCallback(() => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    stopTimers();
    setStatus('processing');
    const mine = run.current;
    const waited = new Promise((done) => setTimeout(done, PROCESSING_MIN_MS));
    void (async () => {
      let text: string;
      try {
        const wav = await current.stop();
        [text] = await Promise.all([transcribeRecording(api, latest.current.slug, wav), waited]);
      } catch (error) {
        if (mine !== run.current) return;
        setStatus('idle');
        setWaveform(flat());
        toast.error(DICTATION_FAILED);
        reportVoiceFailure(api, {
          event_id: 'voice_memo_failure',
          slug: latest.current.slug,
          message: DICTATION_FAILED,
          cause: describeFailure(error),
          outcome: 'discarded',
        });
        return;
      }
      if (mine !== run.current) return;
      setStatus('idle');
      setWaveform(flat());
      if (text === '') toast.error(NO_SPEECH_DETECTED);
      else latest.current.onText(text);
    })();
  }, [api, stopTimers]);

  const start = useCallback(() => {
    if (recording.current) return;
    const mine = ++run.current;
    setMicError(false);
    void record().then(
      (started) => {
        if (mine !== run.current) {
          started.cancel();
          return;
        }
        recording.current = started;
        setStatus('recording');
        ticker.current = setInterval(() => {
          const level = Math.max(QUIET, Math.min(100, Math.round(started.level())));
          setWaveform((points) => [...points.slice(1 - WAVEFORM_POINTS), level]);
        }, WAVEFORM_TICK_MS);
        // The server takes a minute at most: a longer memo stops and goes as it is.
        limit.current = setTimeout(() => stop(), MAX_RECORDING_MS);
      },
      (error: unknown) => {
        if (mine !== run.current) return;
        setMicError(true);
        toast.error(MIC_UNAVAILABLE);
        reportVoiceFailure(api, {
          event_id: 'voice_memo_failure',
          slug: latest.current.slug,
          message: MIC_UNAVAILABLE,
          cause: describeFailure(error),
          outcome: 'microphone',
        });
      },
    );
  }, [api, record, stop]);

  // Leaving the page drops a recording in progress and releases the microphone.
  useEffect(() => () => cancel(), [cancel]);

  return { status, waveform, micError, start, stop, cancel };
}

/**
 * @module Dictation's states (spec/calls.md §4, §8, §9): idle → recording (a 150-point waveform
 * refreshed every 70 ms, each point clamped to 10–100) → processing (at least 1.5 s) → idle, the
 * text sent as a chat message. While the microphone records, the server says how the memo is
 * heard: live by Gladia (the samples stream to its session, live-dictation.ts) or, after the
 * recording, by the local recogniser (the WAV is posted). 'No speech detected. Please
 * try again.' for nothing heard, 'Failed to process recording. Please try again.' for a failure;
 * cancel, from recording or processing, keeps nothing. A refused or missing microphone puts the
 * send button in its error state until the next try.
 */
import { DICTATION_FAILED, NO_SPEECH_DETECTED } from '@doppel/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  describeFailure,
  fetchFullTranscript,
  reportVoiceFailure,
  startDictationSession,
  transcribeRecording,
} from '../api';
import { useServices } from '../services';
import { type LiveDictation, type LiveDictationOptions, liveDictation } from './live-dictation';
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
  /** For tests: the live session's timings. */
  live?: Pick<LiveDictationOptions, 'reconnectDelayMs' | 'finishTimeoutMs'>;
}

const flat = (): number[] => Array.from({ length: WAVEFORM_POINTS }, () => QUIET);

export function useDictation({ slug, onText, record = startRecording, live }: DictationOptions): Dictation {
  const { api } = useServices();
  const [status, setStatus] = useState<DictationStatus>('idle');
  const [waveform, setWaveform] = useState<number[]>(flat);
  const [micError, setMicError] = useState(false);
  const recording = useRef<Recording | null>(null);
  /** How the current memo is heard: its live session, or null for the local recogniser. */
  const session = useRef<Promise<LiveDictation | null> | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const limit = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Bumped by cancel and by a failure: a recording or recognition of an older run is dropped. */
  const run = useRef(0);
  const latest = useRef({ onText, slug, live });
  latest.current = { onText, slug, live };

  const stopTimers = useCallback(() => {
    if (ticker.current) clearInterval(ticker.current);
    if (limit.current) clearTimeout(limit.current);
    ticker.current = null;
    limit.current = null;
  }, []);

  /** Back to idle: the microphone released, the live session closed, nothing kept. */
  const reset = useCallback(() => {
    run.current += 1;
    stopTimers();
    recording.current?.cancel();
    recording.current = null;
    void session.current?.then((heard) => heard?.cancel()).catch(() => undefined);
    session.current = null;
    setStatus('idle');
    setWaveform(flat());
  }, [stopTimers]);

  /** spec/calls.md §8: 'Failed to process recording. Please try again.', reported for the operator. */
  const failed = useCallback(
    (mine: number, cause: string) => {
      if (mine !== run.current) return;
      reset();
      toast.error(DICTATION_FAILED);
      reportVoiceFailure(api, {
        event_id: 'voice_memo_failure',
        slug: latest.current.slug,
        message: DICTATION_FAILED,
        cause,
        outcome: 'discarded',
      });
    },
    [api, reset],
  );

  const stop = useCallback(() => {
    const current = recording.current;
    const heard = session.current;
    if (!current || !heard) return;
    recording.current = null;
    stopTimers();
    setStatus('processing');
    const mine = run.current;
    const waited = new Promise((done) => setTimeout(done, PROCESSING_MIN_MS));
    void (async () => {
      let text: string;
      try {
        const liveSession = await heard;
        if (liveSession) {
          current.cancel();
          [text] = await Promise.all([liveSession.finish(), waited]);
        } else {
          const wav = await current.stop();
          [text] = await Promise.all([transcribeRecording(api, latest.current.slug, wav), waited]);
        }
      } catch (error) {
        failed(mine, describeFailure(error));
        return;
      }
      if (mine !== run.current) return;
      session.current = null;
      setStatus('idle');
      setWaveform(flat());
      if (text === '') toast.error(NO_SPEECH_DETECTED);
      else latest.current.onText(text);
    })();
  }, [api, failed, stopTimers]);

  /** The memo's session, opened while the microphone records (spec/calls.md §7: an issued key). */
  const open = useCallback(
    async (started: Recording, mine: number): Promise<LiveDictation | null> => {
      const { slug: clone, live: timings } = latest.current;
      const issued = await startDictationSession(api, clone);
      if (issued.provider === 'local' || mine !== run.current) return null;
      const heard = liveDictation({
        ...timings,
        url: issued.url,
        fullTranscript: () => fetchFullTranscript(api, clone, issued.id),
        onFailure: (cause) => failed(mine, cause),
      });
      started.listen(heard.push);
      return heard;
    },
    [api, failed],
  );

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
        const heard = open(started, mine);
        session.current = heard;
        // A session that cannot be opened ends the recording at once.
        heard.catch((error: unknown) => {
          if (recording.current === started) failed(mine, describeFailure(error));
        });
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
  }, [api, failed, open, record, stop]);

  // Leaving the page drops a recording in progress and releases the microphone.
  useEffect(() => () => reset(), [reset]);

  return { status, waveform, micError, start, stop, cancel: reset };
}

/**
 * @module A video call's state on the page (spec/calls.md §4, §7; issue 12): started through POST
 * /api/calls/video — with the question chosen on the start overlay, and after 'Rate limited' a
 * wait in the queue (WAITING) and another try 5 s later — seen as INACTIVE → STARTING → WAITING →
 * ACTIVE → ENDED / FAILED, on the provider the server chose: the local voice pipeline
 * (video/video-local.ts: the portrait, the recording) or Tavus over Daily (video/video-tavus.ts).
 * Ending says why: the 1-hour limit ('Called ended due to 1-hour time limit.'), the room gone
 * ('Call ended due to inactivity'), leaving the page; the end report goes to the server for the
 * staff debug panel.
 */
import {
  type RecordingStatus,
  VIDEO,
  VIDEO_INACTIVITY_MESSAGE,
  VIDEO_RATE_LIMITED,
  VIDEO_TIME_LIMIT_MESSAGE,
  type VideoCallStatus,
  type VideoEndReason,
} from '@doppel/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { endVideoCall, errorMessage, startVideoCall, statusOf } from '../api';
import { CallHandedOver, useVoiceCall, type VoiceCall } from '../call/use-voice-call';
import { useServices } from '../services';
import type { Stage } from './call-stage';
import { newVideoCallLog, noteIn, reportVideoEnd } from './video-call-log';
import { useLocalAudio, useLocalVideo } from './video-local';
import { useTavusVideo } from './video-tavus';

export interface VideoCallState {
  status: VideoCallStatus;
  voice: VoiceCall;
  videoCallId: string | null;
  recording: RecordingStatus;
  /** The clone's speaking level now, 0–1 (the portrait and the Live badge read it). */
  level(): number;
  /** The picture the visitor sees (a canvas), while a call runs on the local provider. */
  stage: Stage | null;
  /** On Tavus: the replica's picture and voice, and whether its video plays yet. */
  replicaStream: MediaStream | null;
  replicaVideo: boolean;
  /** The clone's audio is blocked by the browser: the manual playback overlay asks for a click. */
  playbackBlocked: boolean;
  /** Resumes blocked playback ('Join the call'). */
  resumePlayback(): void;
  /** Starts a call, answering `question` first when given. */
  start(question?: string | null): void;
  /** Ends the call; `reason` says why (the page's limits), a hang-up by default. */
  end(reason?: VideoEndReason): void;
}

export interface VideoCallOptions {
  camera: () => HTMLVideoElement | null;
  cameraStream: MediaStream | null;
  microphoneId: string | null;
  portrait: string | null;
  name: string;
  language: string | null;
  onExhausted: (reason: 'quota' | 'call-limit') => void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });

/** Why a live call ended, from the voice call's own reason when the page gave none. */
function endReasonOf(reason: VoiceCall['endReason']): VideoEndReason {
  switch (reason) {
    case 'time-limit':
    case 'hangup':
    case 'error':
      return reason;
    case 'quota':
    case 'call-limit':
      return 'quota';
    default:
      return 'inactivity';
  }
}

export function useVideoCall(
  slug: string,
  instanceSlug: string | null,
  options: VideoCallOptions,
): VideoCallState {
  const { api } = useServices();
  const [waiting, setWaiting] = useState(false);
  const [videoCallId, setVideoCallId] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordingStatus>('Idle');
  const question = useRef<string | null>(null);
  const log = useRef(newVideoCallLog());
  const abort = useRef<AbortController | null>(null);
  const opts = useRef(options);
  opts.current = options;

  const tavus = useTavusVideo({ api, log, videoCallId, recording, setRecording });
  const audio = useLocalAudio();

  const { join: joinTavus } = tavus;
  const startCall = useCallback(async () => {
    const signal = abort.current?.signal ?? new AbortController().signal;
    for (;;) {
      try {
        const call = await startVideoCall(api, {
          slug,
          instanceSlug,
          language: opts.current.language,
          question: question.current,
        });
        setWaiting(false);
        setVideoCallId(call.videoCallId);
        noteIn(log.current, 'started', call.provider);
        if (call.provider === 'tavus' && call.conversationUrl && call.providerConversationId) {
          // The replica's room on Daily: the voice pipeline lets go, the Tavus path takes it.
          await joinTavus(call, question.current, opts.current.microphoneId);
          throw new CallHandedOver();
        }
        if (!call.socketPath) throw new Error('This deployment gave the video call no room to join.');
        return { conversationId: call.conversationId, socketPath: call.socketPath };
      } catch (error) {
        // spec/calls.md §4, §8: 'Rate limited' — wait in the queue, try again after 5 s.
        if (statusOf(error) !== 429 && errorMessage(error) !== VIDEO_RATE_LIMITED) throw error;
        setWaiting(true);
        noteIn(log.current, 'rate-limited');
        await sleep(VIDEO.rateLimitRetryMs, signal);
        // The visitor left the queue (End call): back to the start, no failure to report.
        if (signal.aborted) throw new CallHandedOver('The call was cancelled while waiting.');
      }
    }
  }, [api, slug, instanceSlug, joinTavus]);

  const localVoice = useVoiceCall(slug, instanceSlug, {
    startCall,
    tap: audio.tap,
    microphoneId: options.microphoneId,
    onExhausted: (reason) => opts.current.onExhausted(reason),
  });

  // The page reads one voice call: the local pipeline's, or the Tavus call seen the same way.
  const voice: VoiceCall = useMemo(
    () => (tavus.voice ? { ...tavus.voice, start: localVoice.start } : localVoice),
    [tavus.voice, localVoice],
  );

  const local = useLocalVideo({
    api,
    audio,
    running: !tavus.voice && (voice.status === 'CONNECTING' || voice.status === 'ACTIVE'),
    status: voice.status,
    endCall: voice.end,
    videoCallId,
    options: opts,
    log,
    setRecording,
  });

  // The end: why, the report, and the recording stored.
  const previous = useRef(voice.status);
  const { finishRecording } = local;
  useEffect(() => {
    const was = previous.current;
    previous.current = voice.status;
    if (was !== 'ACTIVE' || (voice.status !== 'ENDED' && voice.status !== 'FAILED') || !videoCallId) return;
    const reason = log.current.endReason ?? endReasonOf(voice.endReason);
    log.current.endReason = null;
    if (reason === 'time-limit') toast.info(VIDEO_TIME_LIMIT_MESSAGE);
    if (reason === 'inactivity') toast.info(VIDEO_INACTIVITY_MESSAGE);
    reportVideoEnd(api, videoCallId, reason, log.current);
    finishRecording(videoCallId);
  }, [voice.status, voice.endReason, videoCallId, api, finishRecording]);

  // Leaving the page ends the call (spec/calls.md §4): the socket closes, the server records why.
  const live = useRef<{ id: string | null; status: string }>({ id: null, status: 'IDLE' });
  live.current = { id: videoCallId, status: voice.status };
  useEffect(
    () => () => {
      abort.current?.abort();
      const { id, status } = live.current;
      if (id && status === 'ACTIVE') void endVideoCall(api, id, { reason: 'left' }).catch(() => undefined);
    },
    [api],
  );

  const { end: endVoice } = voice;
  const { start: startVoice } = localVoice;
  const { reset: resetTavus } = tavus;
  const start = useCallback(
    (chosen?: string | null) => {
      question.current = chosen ?? null;
      resetTavus();
      abort.current?.abort();
      abort.current = new AbortController();
      log.current = { ...log.current, events: [], liveAt: null };
      setVideoCallId(null);
      setRecording('Idle');
      startVoice();
    },
    [startVoice, resetTavus],
  );
  const end = useCallback(
    (reason?: VideoEndReason) => {
      log.current.endReason = reason ?? null;
      abort.current?.abort();
      endVoice();
    },
    [endVoice],
  );

  const status: VideoCallStatus =
    voice.status === 'IDLE'
      ? 'INACTIVE'
      : voice.status === 'CONNECTING'
        ? waiting
          ? 'WAITING'
          : 'STARTING'
        : voice.status;
  return useMemo(
    () => ({
      status,
      voice,
      videoCallId,
      recording,
      level: audio.level,
      stage: local.stage,
      replicaStream: tavus.replicaStream,
      replicaVideo: tavus.replicaVideo,
      playbackBlocked: audio.playbackBlocked,
      resumePlayback: audio.resumePlayback,
      start,
      end,
    }),
    [
      status,
      voice,
      videoCallId,
      recording,
      audio.level,
      local.stage,
      tavus.replicaStream,
      tavus.replicaVideo,
      audio.playbackBlocked,
      audio.resumePlayback,
      start,
      end,
    ],
  );
}

/**
 * @module A video call on the local provider (spec/calls.md §4, §7; issue 12): the local voice
 * call (call/use-voice-call.ts) started through POST /api/calls/video — with the question chosen
 * on the start overlay, and after 'Rate limited' a wait in the queue (WAITING) and another try
 * 5 s later — seen as INACTIVE → STARTING → WAITING → ACTIVE → ENDED / FAILED. The clone's speech
 * drives its portrait (video/call-stage.ts); the composite (the picture, the visitor's camera, both
 * voices) is recorded with MediaRecorder and uploaded when the call ends. Ending says why: the
 * 1-hour limit ('Called ended due to 1-hour time limit.'), the room gone ('Call ended due to
 * inactivity'), leaving the page; the end report goes to the server for the staff debug panel.
 */
import {
  type RecordingStatus,
  VIDEO,
  VIDEO_INACTIVITY_MESSAGE,
  VIDEO_RATE_LIMITED,
  VIDEO_TIME_LIMIT_MESSAGE,
  type VideoCallEvent,
  type VideoCallStatus,
  type VideoEndReason,
} from '@doppel/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  endVideoCall,
  errorMessage,
  getVideoCall,
  sendTranscriptUpdate,
  sendVideoReport,
  setRecordingStatus,
  startVideoCall,
  statusOf,
  uploadRecording,
} from '../api';
import { CallHandedOver, useVoiceCall, type VoiceCall } from '../call/use-voice-call';
import { useServices } from '../services';
import { type Stage, startStage } from './call-stage';
import { useTavusCall } from './use-tavus-call';

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

/** Keeps one event of the call for its end report (the staff debug panel). */
function noteIn(log: VideoCallEvent[], name: string, detail?: string) {
  log.push({ at: Date.now(), name, detail });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });

export function useVideoCall(
  slug: string,
  instanceSlug: string | null,
  options: VideoCallOptions,
): VideoCallState {
  const { api } = useServices();
  const [waiting, setWaiting] = useState(false);
  const [videoCallId, setVideoCallId] = useState<string | null>(null);
  const [recording, setRecording] = useState<RecordingStatus>('Idle');
  const [stage, setStage] = useState<Stage | null>(null);
  const [playbackBlocked, setPlaybackBlocked] = useState(false);
  const question = useRef<string | null>(null);
  const endReason = useRef<VideoEndReason | null>(null);
  const events = useRef<VideoCallEvent[]>([]);
  const liveAt = useRef<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const audio = useRef<{
    player: AudioContext;
    analyser: AnalyserNode;
    mix: MediaStreamAudioDestinationNode;
  } | null>(null);
  const recorder = useRef<{ media: MediaRecorder; chunks: Blob[]; startedAt: number } | null>(null);
  const opts = useRef(options);
  opts.current = options;

  // Tavus over Daily (when the server runs the call there): the Daily side, reported to the server.
  const tavusCall = useRef<{
    id: string;
    providerConversationId: string;
    live: boolean;
    records: boolean;
  } | null>(null);
  const [tavusConversationId, setTavusConversationId] = useState<string | null>(null);
  const tavus = useTavusCall({
    onTranscript: (participant, text, at) => {
      const current = tavusCall.current;
      if (!current) return;
      void sendTranscriptUpdate(api, current.id, {
        text,
        participant,
        provider_conversation_id: current.providerConversationId,
        timestamp: at,
      }).catch(() => undefined);
    },
    onRecording: (status) => {
      const current = tavusCall.current;
      setRecording(status);
      if (current && status !== 'Finished' && status !== 'Idle')
        void setRecordingStatus(api, current.id, { status }).catch(() => undefined);
    },
    onEnded: (reason) => {
      endReason.current = reason;
      const current = tavusCall.current;
      // A call that never went live ends here (the end effect below sees only live calls end).
      if (current && !current.live) {
        noteIn(events.current, 'ended', reason);
        void endVideoCall(api, current.id, { reason }).catch(() => undefined);
        void sendVideoReport(api, current.id, {
          reason,
          liveAt: null,
          endedAt: Date.now(),
          events: events.current.splice(0),
        }).catch(() => undefined);
      }
    },
  });
  const tavusJoin = useRef(tavus.join);
  tavusJoin.current = tavus.join;
  if (tavusCall.current && tavus.phase === 'ACTIVE') tavusCall.current.live = true;
  // spec/calls.md §4: the recording runs from the moment the call is live (Tavus records it).
  const { startRecording: startTavusRecording } = tavus;
  useEffect(() => {
    if (tavus.phase !== 'ACTIVE' || !tavusCall.current?.records) return;
    tavusCall.current.records = false;
    startTavusRecording();
  }, [tavus.phase, startTavusRecording]);

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
        noteIn(events.current, 'started', call.provider);
        if (call.provider === 'tavus' && call.conversationUrl && call.providerConversationId) {
          // The replica's room on Daily; daily-js is loaded only for such a call.
          const { default: Daily } = await import('@daily-co/daily-js');
          tavusCall.current = {
            id: call.videoCallId,
            providerConversationId: call.providerConversationId,
            live: false,
            records: call.providerRecords,
          };
          setTavusConversationId(call.conversationId);
          tavusJoin.current(
            {
              conversationUrl: call.conversationUrl,
              providerConversationId: call.providerConversationId,
              question: question.current,
            },
            Daily.createCallObject({ audioSource: opts.current.microphoneId ?? true, videoSource: true }),
          );
          throw new CallHandedOver();
        }
        if (!call.socketPath) throw new Error('This deployment gave the video call no room to join.');
        return { conversationId: call.conversationId, socketPath: call.socketPath };
      } catch (error) {
        // spec/calls.md §4, §8: 'Rate limited' — wait in the queue, try again after 5 s.
        if (statusOf(error) !== 429 && errorMessage(error) !== VIDEO_RATE_LIMITED) throw error;
        setWaiting(true);
        noteIn(events.current, 'rate-limited');
        await sleep(VIDEO.rateLimitRetryMs, signal);
        // The visitor left the queue (End call): back to the start, no failure to report.
        if (signal.aborted) throw new CallHandedOver('The call was cancelled while waiting.');
      }
    }
  }, [api, slug, instanceSlug]);

  const tap = useCallback((player: AudioContext) => {
    const analyser = player.createAnalyser();
    analyser.fftSize = 256;
    const mix = player.createMediaStreamDestination();
    const gain = player.createGain();
    gain.connect(analyser);
    gain.connect(mix);
    audio.current = { player, analyser, mix };
    if (player.state === 'suspended') setPlaybackBlocked(true);
    player.onstatechange = () => setPlaybackBlocked(player.state === 'suspended');
    return gain;
  }, []);

  const localVoice = useVoiceCall(slug, instanceSlug, {
    startCall,
    tap,
    microphoneId: options.microphoneId,
    onExhausted: (reason) => opts.current.onExhausted(reason),
  });

  // The page reads one voice call: the local pipeline's, or the Tavus call seen the same way.
  const tavusMode = tavus.phase !== 'IDLE';
  const voice: VoiceCall = useMemo(
    () =>
      tavusMode
        ? {
            status: tavus.phase === 'STARTING' ? 'CONNECTING' : tavus.phase === 'IDLE' ? 'IDLE' : tavus.phase,
            cloneStatus: tavus.cloneStatus,
            micRefused: false,
            transcript: tavus.transcript,
            conversationId: tavusConversationId,
            startedAt: tavus.startedAt,
            endReason:
              tavus.endReason === 'hangup' ||
              tavus.endReason === 'time-limit' ||
              tavus.endReason === 'quota' ||
              tavus.endReason === 'error'
                ? tavus.endReason
                : null,
            muted: tavus.muted,
            start: localVoice.start,
            end: tavus.leave,
            toggleMute: tavus.toggleMute,
          }
        : localVoice,
    [tavusMode, tavus, tavusConversationId, localVoice],
  );

  const level = useCallback(() => {
    const analyser = audio.current?.analyser;
    if (!analyser) return 0;
    const samples = new Uint8Array(analyser.fftSize);
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
    return Math.min(1, Math.sqrt(sum / samples.length) * 4);
  }, []);

  // The picture: drawn while the call is starting and running.
  const running = !tavusMode && (voice.status === 'CONNECTING' || voice.status === 'ACTIVE');
  useEffect(() => {
    if (!running) return;
    const portrait = opts.current.portrait ? new Image() : null;
    if (portrait && opts.current.portrait) {
      portrait.crossOrigin = 'anonymous';
      portrait.src = opts.current.portrait;
    }
    const next = startStage({
      portrait,
      name: opts.current.name,
      level,
      camera: () => opts.current.camera(),
    });
    setStage(next);
    return () => {
      next.stop();
      setStage(null);
    };
  }, [running, level]);

  // The recording: the composite from the moment the call is live (spec/calls.md §4 Pending).
  useEffect(() => {
    if (voice.status !== 'ACTIVE' || !stage || !videoCallId || recorder.current) return;
    liveAt.current = Date.now();
    noteIn(events.current, 'live');
    try {
      const tracks = [...stage.recording.captureStream(24).getVideoTracks()];
      const mixed = audio.current;
      const mic = opts.current.cameraStream?.getAudioTracks()[0];
      if (mixed && mic) mixed.player.createMediaStreamSource(new MediaStream([mic])).connect(mixed.mix);
      if (mixed) tracks.push(...mixed.mix.stream.getAudioTracks());
      const type = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'].find((t) =>
        MediaRecorder.isTypeSupported(t),
      );
      const media = new MediaRecorder(new MediaStream(tracks), {
        ...(type ? { mimeType: type } : {}),
        videoBitsPerSecond: 500_000,
      });
      const current = { media, chunks: [] as Blob[], startedAt: Date.now() };
      media.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      media.start(1000);
      recorder.current = current;
      setRecording('Pending');
      void setRecordingStatus(api, videoCallId, { status: 'Pending' }).catch(() => undefined);
    } catch (error) {
      // spec/calls.md §4: a recording that cannot start fails the call (recording-only-failure).
      noteIn(events.current, 'recording-failed', errorMessage(error));
      setRecording('Failed');
      endReason.current = 'recording-only-failure';
      void setRecordingStatus(api, videoCallId, { status: 'Failed' }).catch(() => undefined);
      voice.end();
    }
  }, [voice.status, voice.end, stage, videoCallId, api]);

  // The end: why, the report, and the recording stored.
  const previous = useRef(voice.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = voice.status;
    if (was !== 'ACTIVE' || (voice.status !== 'ENDED' && voice.status !== 'FAILED') || !videoCallId) return;
    const reason: VideoEndReason =
      endReason.current ??
      (voice.endReason === 'time-limit'
        ? 'time-limit'
        : voice.endReason === 'quota' || voice.endReason === 'call-limit'
          ? 'quota'
          : voice.endReason === 'hangup'
            ? 'hangup'
            : voice.endReason === 'error'
              ? 'error'
              : 'inactivity');
    endReason.current = null;
    if (reason === 'time-limit') toast.info(VIDEO_TIME_LIMIT_MESSAGE);
    if (reason === 'inactivity') toast.info(VIDEO_INACTIVITY_MESSAGE);
    noteIn(events.current, 'ended', reason);
    const id = videoCallId;
    void endVideoCall(api, id, { reason }).catch(() => undefined);
    void sendVideoReport(api, id, {
      reason,
      liveAt: liveAt.current,
      endedAt: Date.now(),
      events: events.current.splice(0),
    }).catch(() => undefined);
    const rec = recorder.current;
    recorder.current = null;
    if (!rec) return;
    rec.media.onstop = () => {
      const durationMs = Date.now() - rec.startedAt;
      const blob = new Blob(rec.chunks, { type: rec.media.mimeType.split(';')[0] || 'video/webm' });
      uploadRecording(api, id, blob, durationMs).then(
        () => setRecording('Finished'),
        () => {
          setRecording('Failed');
          void setRecordingStatus(api, id, { status: 'Failed' }).catch(() => undefined);
        },
      );
    };
    if (rec.media.state !== 'inactive') rec.media.stop();
  }, [voice.status, voice.endReason, videoCallId, api]);

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

  // spec/calls.md §4: Tavus keeps the call's recording once the call is over; the page asks the
  // server (which Tavus's recording callback updates) until it is Finished, Failed or Disregarded.
  const tavusEnded = tavusConversationId !== null && (voice.status === 'ENDED' || voice.status === 'FAILED');
  useEffect(() => {
    if (!tavusEnded || !videoCallId || recording !== 'Pending') return;
    let stopped = false;
    const check = async () => {
      try {
        const call = await getVideoCall(api, videoCallId);
        if (!stopped && call.recordingStatus !== 'Pending' && call.recordingStatus !== 'Idle')
          setRecording(call.recordingStatus);
      } catch {
        // Asked again at the next tick.
      }
    };
    const timer = setInterval(() => void check(), VIDEO.recordingPollMs);
    void check();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [tavusEnded, videoCallId, recording, api]);

  const { end: endVoice } = voice;
  const { start: startVoice } = localVoice;
  const { reset: resetTavus } = tavus;
  const start = useCallback(
    (chosen?: string | null) => {
      question.current = chosen ?? null;
      tavusCall.current = null;
      setTavusConversationId(null);
      resetTavus();
      abort.current?.abort();
      abort.current = new AbortController();
      events.current = [];
      liveAt.current = null;
      setVideoCallId(null);
      setRecording('Idle');
      startVoice();
    },
    [startVoice, resetTavus],
  );
  const end = useCallback(
    (reason?: VideoEndReason) => {
      endReason.current = reason ?? null;
      abort.current?.abort();
      endVoice();
    },
    [endVoice],
  );
  const resumePlayback = useCallback(() => {
    void audio.current?.player.resume();
  }, []);

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
      level,
      stage,
      replicaStream: tavus.replicaStream,
      replicaVideo: tavus.replicaVideo,
      playbackBlocked,
      resumePlayback,
      start,
      end,
    }),
    [
      status,
      voice,
      videoCallId,
      recording,
      level,
      stage,
      tavus.replicaStream,
      tavus.replicaVideo,
      playbackBlocked,
      resumePlayback,
      start,
      end,
    ],
  );
}

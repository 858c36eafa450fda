/**
 * @module The Daily side of a Tavus video call, as React state (spec/calls.md §4; issue 12): the
 * page's video call hook (video/use-video-call.ts) starts the call on the server and, when Tavus
 * runs it, hands the room here. Joined 1 s later with `@daily-co/daily-js`'s call object
 * (video/tavus-daily-call.ts): STARTING until the replica is present (ACTIVE, the timer's start;
 * 'Starting Video' until its video plays), then ENDED or FAILED with the reason
 * (`replica-join-timeout` after 30 s, inactivity when the room goes). Tavus's app messages give
 * the transcript and the clone's status; its recording is Daily's.
 */
import type { CloneStatus, RecordingStatus, VideoEndReason } from '@doppel/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type DailyCallObject, joinTavusCall, type TavusCall, type TavusSpeaker } from './tavus-daily-call';

/** Where the server said to join. */
export interface TavusRoom {
  conversationUrl: string;
  providerConversationId: string;
  /** The question chosen on the start overlay: the replica answers it first. */
  question: string | null;
}

export type TavusPhase = 'IDLE' | 'STARTING' | 'ACTIVE' | 'ENDED' | 'FAILED';

export interface TavusTranscriptLine {
  role: 'user' | 'assistant';
  text: string;
}

export interface TavusCallState {
  phase: TavusPhase;
  /** The replica is in the room (before that the stage shows 'Starting Video'). */
  replicaPresent: boolean;
  /** The replica's video plays ('Starting Video' until then). */
  replicaVideo: boolean;
  /** The replica's picture and voice, for a <video> element. */
  replicaStream: MediaStream | null;
  cloneStatus: CloneStatus;
  transcript: readonly TavusTranscriptLine[];
  /** When the call went live (the timer's start). */
  startedAt: number | null;
  endReason: VideoEndReason | null;
  recording: RecordingStatus;
  muted: boolean;
  cameraOff: boolean;
  /** Joins the room with Daily's call object (`DailyIframe.createCallObject()`; a test's double). */
  join(room: TavusRoom, callObject: DailyCallObject): void;
  /** The page ends the call (hang-up, the hour, the countdown): the room is left. */
  leave(): void;
  /** Back to IDLE after an ended call (a new call may run on another provider). */
  reset(): void;
  toggleMute(): void;
  toggleCamera(): void;
  startRecording(): void;
  stopRecording(): void;
}

export interface TavusCallOptions {
  /** The call is over on Daily's side (the page reports it to the server). */
  onEnded?: (reason: VideoEndReason) => void;
  /** A line was said (spec/calls.md §7 sendTranscriptUpdate). */
  onTranscript?: (participant: TavusSpeaker, text: string, at: number) => void;
  onRecording?: (status: RecordingStatus) => void;
}

const FAILURES: readonly VideoEndReason[] = ['error', 'replica-join-timeout', 'recording-only-failure'];

export function useTavusCall(options: TavusCallOptions): TavusCallState {
  const opts = useRef(options);
  opts.current = options;
  const call = useRef<TavusCall | null>(null);
  const [phase, setPhase] = useState<TavusPhase>('IDLE');
  const [replicaPresent, setReplicaPresent] = useState(false);
  const [replicaStream, setReplicaStream] = useState<MediaStream | null>(null);
  const [replicaVideo, setReplicaVideo] = useState(false);
  const [cloneStatus, setCloneStatus] = useState<CloneStatus>('IDLE');
  const [transcript, setTranscript] = useState<TavusTranscriptLine[]>([]);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [endReason, setEndReason] = useState<VideoEndReason | null>(null);
  const [recording, setRecording] = useState<RecordingStatus>('Idle');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);

  const join = useCallback((room: TavusRoom, callObject: DailyCallObject) => {
    if (call.current) return;
    setPhase('STARTING');
    setReplicaPresent(false);
    setReplicaStream(null);
    setReplicaVideo(false);
    setCloneStatus('IDLE');
    setTranscript([]);
    setStartedAt(null);
    setEndReason(null);
    setRecording('Idle');
    const tracks = new Map<'video' | 'audio', MediaStreamTrack>();
    call.current = joinTavusCall({
      callObject,
      url: room.conversationUrl,
      conversationId: room.providerConversationId,
      question: room.question,
      events: {
        replicaJoined: () => {
          // The replica present: the call is live (spec/calls.md §4); its picture follows.
          setReplicaPresent(true);
          setPhase((now) => (now === 'STARTING' ? 'ACTIVE' : now));
          setStartedAt((now) => now ?? Date.now());
          setCloneStatus((now) => (now === 'IDLE' ? 'THINKING' : now));
        },
        replicaTrack: (kind, track) => {
          tracks.set(kind, track);
          setReplicaPresent(true);
          setReplicaVideo(tracks.has('video'));
          setReplicaStream(typeof MediaStream === 'undefined' ? null : new MediaStream([...tracks.values()]));
          setPhase((now) => (now === 'STARTING' ? 'ACTIVE' : now));
          setStartedAt((now) => now ?? Date.now());
        },
        speaking: (who, on) => {
          // spec/calls.md §4: the replica talking, else listening; the visitor's pause is thinking.
          if (who === 'replica') setCloneStatus(on ? 'SPEAKING' : 'LISTENING');
          else setCloneStatus(on ? 'LISTENING' : 'THINKING');
        },
        utterance: (who, text, at) => {
          setTranscript((lines) => [...lines, { role: who === 'user' ? 'user' : 'assistant', text }]);
          opts.current.onTranscript?.(who, text, at);
        },
        recording: (status) => {
          setRecording(status);
          opts.current.onRecording?.(status);
        },
        ended: (reason) => {
          call.current = null;
          setEndReason(reason);
          setCloneStatus('IDLE');
          setPhase(FAILURES.includes(reason) ? 'FAILED' : 'ENDED');
          opts.current.onEnded?.(reason);
        },
      },
    });
  }, []);

  const leave = useCallback(() => {
    const current = call.current;
    call.current = null;
    if (!current) return;
    void current.leave();
    setCloneStatus('IDLE');
    setPhase('ENDED');
  }, []);

  const reset = useCallback(() => {
    if (call.current) return;
    setPhase('IDLE');
  }, []);

  const toggleMute = useCallback(() => {
    setMuted((was) => {
      call.current?.setMicrophone(was);
      return !was;
    });
  }, []);
  const toggleCamera = useCallback(() => {
    setCameraOff((was) => {
      call.current?.setCamera(was);
      return !was;
    });
  }, []);
  const startRecording = useCallback(() => call.current?.startRecording(), []);
  const stopRecording = useCallback(() => call.current?.stopRecording(), []);

  // Leaving the page ends the call (spec/calls.md §4).
  useEffect(() => () => void call.current?.leave(), []);

  return useMemo(
    () => ({
      phase,
      replicaPresent,
      replicaVideo,
      replicaStream,
      cloneStatus,
      transcript,
      startedAt,
      endReason,
      recording,
      muted,
      cameraOff,
      join,
      leave,
      reset,
      toggleMute,
      toggleCamera,
      startRecording,
      stopRecording,
    }),
    [
      phase,
      replicaPresent,
      replicaVideo,
      replicaStream,
      cloneStatus,
      transcript,
      startedAt,
      endReason,
      recording,
      muted,
      cameraOff,
      join,
      leave,
      reset,
      toggleMute,
      toggleCamera,
      startRecording,
      stopRecording,
    ],
  );
}

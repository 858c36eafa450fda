/**
 * @module The Tavus path of a video call (spec/calls.md §4, §7; issue 12): when the server runs
 * the call on Tavus, its room is joined over Daily (video/use-tavus-call.ts), what is said and the
 * recording's status are reported to the server, the recording starts once the call is live, the
 * call is seen by the page as a voice call, and after it the page asks the server until Tavus's
 * recording is ready.
 */
import { type RecordingStatus, type StartVideoCallResponse, VIDEO } from '@doppel/protocol';
import { type MutableRefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiClient, getVideoCall, sendTranscriptUpdate, setRecordingStatus } from '../api';
import type { VoiceCall } from '../call/use-voice-call';
import { useTavusCall } from './use-tavus-call';
import { noteIn, reportVideoEnd, type VideoCallLog } from './video-call-log';

/** The Tavus call as the page reads a voice call (its `start` is the page's own). */
export type TavusVoice = Omit<VoiceCall, 'start'>;

export interface TavusVideo {
  /** The call seen as a voice call, while a Tavus call is on (or over); null otherwise. */
  voice: TavusVoice | null;
  /** The replica's picture and voice, and whether its video plays yet. */
  replicaStream: MediaStream | null;
  replicaVideo: boolean;
  /** Joins the room the server answered (daily-js is loaded only for such a call). */
  join(call: StartVideoCallResponse, question: string | null, microphoneId: string | null): Promise<void>;
  /** Forgets the last Tavus call (a new call starts, perhaps on the local provider). */
  reset(): void;
}

export function useTavusVideo({
  api,
  log,
  videoCallId,
  recording,
  setRecording,
}: {
  api: ApiClient;
  log: MutableRefObject<VideoCallLog>;
  /** The call the server started (for the recording's poll once a Tavus call is over). */
  videoCallId: string | null;
  recording: RecordingStatus;
  setRecording: (status: RecordingStatus) => void;
}): TavusVideo {
  const current = useRef<{
    id: string;
    providerConversationId: string;
    live: boolean;
    records: boolean;
  } | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const tavus = useTavusCall({
    onTranscript: (participant, text, at) => {
      const call = current.current;
      if (!call) return;
      void sendTranscriptUpdate(api, call.id, {
        text,
        participant,
        provider_conversation_id: call.providerConversationId,
        timestamp: at,
      }).catch(() => undefined);
    },
    onRecording: (status) => {
      const call = current.current;
      setRecording(status);
      if (call && status !== 'Finished' && status !== 'Idle')
        void setRecordingStatus(api, call.id, { status }).catch(() => undefined);
    },
    onEnded: (reason) => {
      log.current.endReason = reason;
      const call = current.current;
      // A call that never went live ends here (the page's end effect sees only live calls end).
      if (call && !call.live) reportVideoEnd(api, call.id, reason, log.current);
    },
  });
  const tavusJoin = useRef(tavus.join);
  tavusJoin.current = tavus.join;
  if (current.current && tavus.phase === 'ACTIVE') current.current.live = true;
  // Live (the replica is in the room): the end report says when, as the local provider's does.
  const { startedAt } = tavus;
  useEffect(() => {
    if (tavus.phase !== 'ACTIVE' || !current.current) return;
    log.current.liveAt = startedAt ?? Date.now();
    noteIn(log.current, 'live');
  }, [tavus.phase, startedAt, log]);
  // spec/calls.md §4: the recording runs from the moment the call is live (Tavus records it).
  const { startRecording } = tavus;
  useEffect(() => {
    if (tavus.phase !== 'ACTIVE' || !current.current?.records) return;
    current.current.records = false;
    startRecording();
  }, [tavus.phase, startRecording]);

  const join = useCallback(
    async (call: StartVideoCallResponse, question: string | null, microphoneId: string | null) => {
      if (!call.conversationUrl || !call.providerConversationId) return;
      const { default: Daily } = await import('@daily-co/daily-js');
      current.current = {
        id: call.videoCallId,
        providerConversationId: call.providerConversationId,
        live: false,
        records: call.providerRecords,
      };
      setConversationId(call.conversationId);
      tavusJoin.current(
        {
          conversationUrl: call.conversationUrl,
          providerConversationId: call.providerConversationId,
          question,
        },
        Daily.createCallObject({ audioSource: microphoneId ?? true, videoSource: true }),
      );
    },
    [],
  );

  const { reset: resetTavus } = tavus;
  const reset = useCallback(() => {
    current.current = null;
    setConversationId(null);
    resetTavus();
  }, [resetTavus]);

  useRecordingPoll({
    api,
    ended: conversationId !== null && (tavus.phase === 'ENDED' || tavus.phase === 'FAILED'),
    videoCallId,
    recording,
    setRecording,
  });

  const on = tavus.phase !== 'IDLE';
  const voice: TavusVoice | null = useMemo(
    () =>
      on
        ? {
            status: tavus.phase === 'STARTING' ? 'CONNECTING' : tavus.phase === 'IDLE' ? 'IDLE' : tavus.phase,
            cloneStatus: tavus.cloneStatus,
            micRefused: false,
            transcript: tavus.transcript,
            conversationId,
            startedAt: tavus.startedAt,
            endReason:
              tavus.endReason === 'hangup' ||
              tavus.endReason === 'time-limit' ||
              tavus.endReason === 'quota' ||
              tavus.endReason === 'error'
                ? tavus.endReason
                : null,
            muted: tavus.muted,
            end: tavus.leave,
            toggleMute: tavus.toggleMute,
          }
        : null,
    [on, tavus, conversationId],
  );

  return useMemo(
    () => ({ voice, replicaStream: tavus.replicaStream, replicaVideo: tavus.replicaVideo, join, reset }),
    [voice, tavus.replicaStream, tavus.replicaVideo, join, reset],
  );
}

/**
 * spec/calls.md §4: Tavus keeps the call's recording once the call is over; the page asks the
 * server (which Tavus's recording callback updates) until it is Finished, Failed or Disregarded.
 */
function useRecordingPoll({
  api,
  ended,
  videoCallId,
  recording,
  setRecording,
}: {
  api: ApiClient;
  /** A Tavus call is over (ENDED or FAILED). */
  ended: boolean;
  videoCallId: string | null;
  recording: RecordingStatus;
  setRecording: (status: RecordingStatus) => void;
}): void {
  useEffect(() => {
    if (!ended || !videoCallId || recording !== 'Pending') return;
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
  }, [ended, videoCallId, recording, api, setRecording]);
}

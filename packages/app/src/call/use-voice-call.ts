/**
 * @module A browser voice call on the local pipeline (spec/calls.md §4; issue 11): IDLE →
 * CONNECTING → ACTIVE → ENDED (or FAILED), the clone's status (LISTENING, THINKING, SPEAKING)
 * from the server, the transcript as it comes, the microphone streamed to the call's socket and
 * the clone's answers played back — stopped the moment the caller speaks over them. Leaving the
 * page ends an active call. With Vapi (the server answers `provider: 'vapi'`) the same states
 * come from `@vapi-ai/web`'s events (vapi-session.ts), the SDK loaded only then.
 */
import {
  CALL_QUOTA_EXHAUSTED,
  type CallEndReason,
  CallServerEvent,
  type CallStatus,
  type CloneStatus,
  type StartVoiceCallResponse,
  type VapiVoiceCall,
} from '@doppel/protocol';
import type Vapi from '@vapi-ai/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeFailure, reportVoiceFailure, startVoiceCall, statusOf } from '../api';
import { type MicrophoneStream, streamMicrophone } from '../dictation/recorder';
import { useServices } from '../services';
import { followVapiCall } from './vapi-session';

export const MIC_REFUSED = 'Please allow microphone access to call';

/**
 * Thrown by a `startCall` whose call runs elsewhere (a video call on Tavus over Daily): the voice
 * pipeline lets go of the microphone and stays idle, reporting nothing.
 */
export class CallHandedOver extends Error {}

export interface TranscriptLine {
  role: 'user' | 'assistant';
  text: string;
  /** Still being heard (a PARTIAL transcript): the FINAL one replaces it. */
  partial?: boolean;
}

/** Makes the Vapi SDK for a call (tests hand in their own instance). */
export type VapiFactory = (publicKey: string, baseUrl: string) => Promise<Vapi>;

const loadVapi: VapiFactory = async (publicKey, baseUrl) => {
  const { default: VapiSdk } = await import('@vapi-ai/web');
  return new VapiSdk(publicKey, baseUrl);
};

export interface VoiceCall {
  status: CallStatus;
  cloneStatus: CloneStatus;
  /** The microphone was refused: the permission screen shows. */
  micRefused: boolean;
  transcript: readonly TranscriptLine[];
  conversationId: string | null;
  startedAt: number | null;
  endReason: CallEndReason | null;
  muted: boolean;
  start(): void;
  end(): void;
  toggleMute(): void;
}

export interface VoiceCallOptions {
  /** The embed configuration the call is made in (its call limit applies on the server). */
  configId?: string | null;
  /** The server refused the call (402) or ended it for lack of time: the page's limits say so. */
  onExhausted?: (reason: 'quota' | 'call-limit') => void;
  /** The caller's language (a code of the voice languages), when the call screen offers a choice. */
  language?: string | null;
  /** Default: `@vapi-ai/web`, loaded when a call is on Vapi. */
  vapi?: VapiFactory;
  /**
   * Starts the call on the server in place of POST /api/calls/voice (the video screen: POST
   * /api/calls/video, which answers the same conversation and socket).
   */
  startCall?: () => Promise<{ conversationId: string; socketPath: string }>;
  /** Also hands the clone's speech to this node (the video screen's speaking level and recording). */
  tap?: (player: AudioContext) => AudioNode;
  /** The microphone to use (a device id from the settings); the default one when absent. */
  microphoneId?: string | null;
}

export function useVoiceCall(
  slug: string,
  instanceSlug: string | null,
  options: VoiceCallOptions = {},
): VoiceCall {
  const { api } = useServices();
  const onExhausted = useRef(options.onExhausted);
  onExhausted.current = options.onExhausted;
  const configId = options.configId ?? null;
  const language = options.language ?? null;
  const makeVapi = options.vapi ?? loadVapi;
  const startCall = useRef(options.startCall);
  startCall.current = options.startCall;
  const tap = useRef(options.tap);
  tap.current = options.tap;
  const microphoneId = useRef(options.microphoneId ?? null);
  microphoneId.current = options.microphoneId ?? null;
  const [status, setStatus] = useState<CallStatus>('IDLE');
  const [cloneStatus, setCloneStatus] = useState<CloneStatus>('IDLE');
  const [micRefused, setMicRefused] = useState(false);
  const [transcript, setTranscript] = useState<TranscriptLine[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [endReason, setEndReason] = useState<CallEndReason | null>(null);
  const [muted, setMuted] = useState(false);
  const live = useRef<
    | {
        kind: 'local';
        socket: WebSocket;
        mic: MicrophoneStream;
        player: AudioContext;
        playing: AudioBufferSourceNode | null;
      }
    | { kind: 'vapi'; vapi: Vapi | null; unfollow: () => void }
    | null
  >(null);

  const teardown = useCallback(() => {
    const call = live.current;
    live.current = null;
    if (!call) return;
    if (call.kind === 'vapi') {
      call.unfollow();
      void call.vapi?.stop().catch(() => undefined);
      return;
    }
    call.mic.stop();
    call.playing?.stop();
    void call.player.close().catch(() => undefined);
    if (call.socket.readyState <= WebSocket.OPEN) call.socket.close();
  }, []);

  const start = useCallback(() => {
    if (live.current) return;
    setStatus('CONNECTING');
    setMicRefused(false);
    setTranscript([]);
    setEndReason(null);
    setMuted(false);
    void (async () => {
      let mic: MicrophoneStream | null = null;
      const frames: Int16Array[] = [];
      let socket: WebSocket | null = null;
      try {
        mic = await streamMicrophone((pcm) => {
          if (socket?.readyState === WebSocket.OPEN) socket.send(pcm.buffer as ArrayBuffer);
          else frames.push(pcm);
        }, microphoneId.current);
      } catch (error) {
        setMicRefused(true);
        setStatus('FAILED');
        toast.error(MIC_REFUSED);
        reportVoiceFailure(api, {
          event_id: 'voice_call_failure',
          slug,
          message: MIC_REFUSED,
          cause: describeFailure(error),
          outcome: 'microphone',
        });
        return;
      }
      let call: StartVoiceCallResponse;
      try {
        const started = startCall.current;
        call = started
          ? { provider: 'local', callLimitSeconds: null, ...(await started()) }
          : await startVoiceCall(api, { slug, instanceSlug, configId, language });
      } catch (error) {
        mic.stop();
        if (error instanceof CallHandedOver) {
          setStatus('IDLE');
          return;
        }
        if (statusOf(error) === 402) {
          setStatus('IDLE');
          // spec/calls.md §5: no time left — the page's paywall (or the embed's host) takes it.
          if (onExhausted.current) onExhausted.current('quota');
          else toast.error(CALL_QUOTA_EXHAUSTED);
          return;
        }
        setStatus('FAILED');
        reportVoiceFailure(api, {
          event_id: 'voice_call_failure',
          slug,
          message: 'The call could not start.',
          cause: describeFailure(error),
          outcome: 'failed',
        });
        return;
      }
      setConversationId(call.conversationId);
      if (call.provider === 'vapi') {
        // The SDK opens the microphone itself: the permission is granted by now.
        mic.stop();
        await joinVapi(call);
        return;
      }
      const player = new AudioContext();
      const tapped = tap.current?.(player) ?? null;
      socket = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${call.socketPath}`);
      socket.binaryType = 'arraybuffer';
      const current = {
        kind: 'local' as const,
        socket,
        mic,
        player,
        playing: null as AudioBufferSourceNode | null,
      };
      live.current = current;
      const stopPlaying = () => {
        current.playing?.stop();
        current.playing = null;
      };
      socket.onopen = () => {
        for (const frame of frames.splice(0)) socket?.send(frame.buffer as ArrayBuffer);
        setStatus('ACTIVE');
        setStartedAt(Date.now());
        setCloneStatus('THINKING');
      };
      socket.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
        if (typeof message.data !== 'string') {
          const bytes = message.data;
          void player.decodeAudioData(bytes.slice(0)).then(
            (audio) => {
              stopPlaying();
              const source = player.createBufferSource();
              source.buffer = audio;
              source.connect(player.destination);
              if (tapped) source.connect(tapped);
              source.onended = () => {
                if (current.playing !== source) return;
                current.playing = null;
                if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'played' }));
              };
              current.playing = source;
              source.start();
            },
            () => socket?.send(JSON.stringify({ type: 'played' })),
          );
          return;
        }
        const parsed = CallServerEvent.safeParse(JSON.parse(message.data));
        if (!parsed.success) return;
        const event = parsed.data;
        if (event.type === 'status') setCloneStatus(event.status);
        else if (event.type === 'speech-started') stopPlaying();
        else if (event.type === 'transcript')
          setTranscript((lines) => [...lines, { role: event.role, text: event.text }]);
        else {
          setEndReason(event.reason);
          if (event.reason === 'quota' || event.reason === 'call-limit') onExhausted.current?.(event.reason);
        }
      };
      socket.onclose = () => {
        if (live.current !== current) return;
        teardown();
        setCloneStatus('IDLE');
        setStatus((now) => (now === 'CONNECTING' ? 'FAILED' : 'ENDED'));
      };
    })();

    /** The call on Vapi: the SDK joins the room the server opened; its events drive the states. */
    async function joinVapi(call: VapiVoiceCall) {
      const current: { kind: 'vapi'; vapi: Vapi | null; unfollow: () => void } = {
        kind: 'vapi',
        vapi: null,
        unfollow: () => undefined,
      };
      live.current = current;
      const fail = (cause: string, outcome: 'microphone' | 'vapi-error' | 'vapi-load') => {
        if (live.current !== current) return;
        teardown();
        setCloneStatus('IDLE');
        setStatus('FAILED');
        if (outcome === 'microphone') {
          setMicRefused(true);
          toast.error(MIC_REFUSED);
        }
        reportVoiceFailure(api, {
          event_id: 'voice_call_failure',
          slug,
          message: outcome === 'microphone' ? MIC_REFUSED : 'The call on Vapi failed.',
          cause,
          outcome,
        });
      };
      let vapi: Vapi;
      try {
        vapi = await makeVapi(call.publicKey, call.baseUrl);
      } catch (error) {
        fail(describeFailure(error), 'vapi-load');
        return;
      }
      if (live.current !== current) return;
      current.vapi = vapi;
      current.unfollow = followVapiCall(vapi, call, {
        active: () => {
          setStatus((now) => (now === 'CONNECTING' ? 'ACTIVE' : now));
          setStartedAt(Date.now());
          setCloneStatus('THINKING');
        },
        status: setCloneStatus,
        transcript: ({ role, text, final }) =>
          setTranscript((lines) => {
            const last = lines.at(-1);
            const kept = last?.partial && last.role === role ? lines.slice(0, -1) : lines;
            return [...kept, final ? { role, text } : { role, text, partial: true }];
          }),
        ended: () => {
          if (live.current !== current) return;
          teardown();
          setCloneStatus('IDLE');
          setTranscript((lines) => lines.filter((line) => !line.partial));
          setStatus((now) => (now === 'CONNECTING' ? 'FAILED' : 'ENDED'));
        },
        failed: fail,
      });
    }
  }, [api, slug, instanceSlug, configId, language, makeVapi, teardown]);

  const end = useCallback(() => {
    const call = live.current;
    if (!call) return;
    if (call.kind === 'vapi') {
      // The SDK's call-end follows; a call that never got its SDK ends here.
      const vapi = call.vapi;
      if (!vapi) {
        teardown();
        setStatus('ENDED');
        return;
      }
      void vapi.stop().then(() => {
        if (live.current !== call) return;
        teardown();
        setCloneStatus('IDLE');
        setTranscript((lines) => lines.filter((line) => !line.partial));
        setStatus('ENDED');
      });
      return;
    }
    call.mic.stop();
    call.playing?.stop();
    if (call.socket.readyState === WebSocket.OPEN) call.socket.send(JSON.stringify({ type: 'end' }));
    else teardown();
  }, [teardown]);

  const toggleMute = useCallback(() => {
    setMuted((was) => {
      const call = live.current;
      if (call?.kind === 'vapi') {
        try {
          call.vapi?.setMuted(!was);
        } catch {
          return was; // the SDK has no room yet: nothing to mute
        }
      } else call?.mic.setMuted(!was);
      return !was;
    });
  }, []);

  // Leaving the page ends the call (spec/calls.md §4).
  useEffect(() => () => teardown(), [teardown]);

  return {
    status,
    cloneStatus,
    micRefused,
    transcript,
    conversationId,
    startedAt,
    endReason,
    muted,
    start,
    end,
    toggleMute,
  };
}

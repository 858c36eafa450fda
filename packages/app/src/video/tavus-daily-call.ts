/**
 * @module A Tavus conversation joined over Daily (spec/calls.md §4, §7, §9; issue 12), framework
 * neutral: the page hands it a Daily call object (`@daily-co/daily-js`'s `createCallObject()`)
 * and the room Tavus answered; it joins 1 s later (join delay), waits up to 30 s for the replica
 * (else 'replica-join-timeout'), reports the replica's arrival ('Starting Video' until its video
 * plays) and its tracks (its video playing makes the call ACTIVE), asks the question chosen on
 * the start overlay through Tavus's Interactions Protocol (`conversation.respond`), turns Tavus's
 * app messages into transcript updates and speaking states, and starts / stops Daily's recording.
 * A room that goes away ends the call ('Call ended due to inactivity').
 */
import type { DailyCall, DailyEventObject, DailyParticipant } from '@daily-co/daily-js';
import { VIDEO, type VideoEndReason } from '@doppel/protocol';
import { z } from 'zod';

/** The part of Daily's call object this module uses (a test drives a double of it). */
export type DailyCallObject = Pick<
  DailyCall,
  | 'join'
  | 'leave'
  | 'destroy'
  | 'on'
  | 'off'
  | 'participants'
  | 'sendAppMessage'
  | 'setLocalAudio'
  | 'setLocalVideo'
  | 'startRecording'
  | 'stopRecording'
>;

export type TavusSpeaker = 'user' | 'replica';

export interface TavusCallEvents {
  /** The replica is in the room; its video is not playing yet. */
  replicaJoined(): void;
  /** One of the replica's tracks started playing (its video: the call is live). */
  replicaTrack(kind: 'video' | 'audio', track: MediaStreamTrack): void;
  /** Someone started or stopped speaking. */
  speaking(who: TavusSpeaker, speaking: boolean): void;
  /** What someone said (Tavus's `conversation.utterance`). */
  utterance(who: TavusSpeaker, text: string, at: number): void;
  /** The recording: started (Pending), or failed. */
  recording(status: 'Pending' | 'Failed', message?: string): void;
  /** The call is over: why. */
  ended(reason: VideoEndReason, message?: string): void;
}

export interface TavusCallOptions {
  callObject: DailyCallObject;
  /** Tavus's `conversation_url` (a Daily room). */
  url: string;
  /** Tavus's conversation id (app messages name it). */
  conversationId: string;
  /** The question chosen on the start overlay; the replica answers it first. */
  question: string | null;
  events: TavusCallEvents;
  /** Timers (a test's fake clock). */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

export interface TavusCall {
  /** Leaves the room (the page ends the call); nothing is reported after it. */
  leave(): Promise<void>;
  setMicrophone(on: boolean): void;
  setCamera(on: boolean): void;
  startRecording(): void;
  stopRecording(): void;
}

/** Tavus's Interactions Protocol messages this module reads (sent by Tavus as Daily app messages). */
const TavusAppMessage = z.discriminatedUnion('event_type', [
  z.object({
    message_type: z.literal('conversation'),
    event_type: z.literal('conversation.utterance'),
    conversation_id: z.string(),
    properties: z.object({ role: z.enum(['user', 'replica']), speech: z.string() }),
  }),
  z.object({
    message_type: z.literal('conversation'),
    event_type: z.enum([
      'conversation.replica.started_speaking',
      'conversation.replica.stopped_speaking',
      'conversation.user.started_speaking',
      'conversation.user.stopped_speaking',
    ]),
    conversation_id: z.string(),
  }),
]);

const isReplica = (participant: DailyParticipant | null | undefined): boolean =>
  participant !== null && participant !== undefined && !participant.local;

export function joinTavusCall(options: TavusCallOptions): TavusCall {
  const { callObject: call, events, conversationId } = options;
  const timers = options.timers ?? { setTimeout, clearTimeout };
  let over = false;
  let live = false;
  let asked = false;
  let replicaTimer: ReturnType<typeof setTimeout> | null = null;

  const finish = (reason: VideoEndReason, message?: string) => {
    if (over) return;
    over = true;
    if (replicaTimer) timers.clearTimeout(replicaTimer);
    detach();
    events.ended(reason, message);
    void call.leave().catch(() => undefined);
  };

  const onParticipantJoined = (event: DailyEventObject<'participant-joined'>) => {
    if (!over && isReplica(event.participant)) events.replicaJoined();
  };
  const onTrackStarted = (event: DailyEventObject<'track-started'>) => {
    if (over || !isReplica(event.participant)) return;
    if (event.type !== 'video' && event.type !== 'audio') return;
    if (event.type === 'video') {
      live = true;
      if (replicaTimer) timers.clearTimeout(replicaTimer);
      // spec/calls.md §4: the call starts with the question chosen on the start overlay.
      if (options.question && !asked) {
        asked = true;
        call.sendAppMessage(
          {
            message_type: 'conversation',
            event_type: 'conversation.respond',
            conversation_id: conversationId,
            properties: { text: options.question },
          },
          '*',
        );
      }
    }
    events.replicaTrack(event.type, event.track);
  };
  const onAppMessage = (event: DailyEventObject<'app-message'>) => {
    if (over) return;
    const parsed = TavusAppMessage.safeParse(event.data);
    if (!parsed.success || parsed.data.conversation_id !== conversationId) return;
    const message = parsed.data;
    if (message.event_type === 'conversation.utterance') {
      const text = message.properties.speech.trim();
      if (text) events.utterance(message.properties.role, text, Date.now());
      return;
    }
    const [, who, what] = message.event_type.split('.');
    events.speaking(who === 'user' ? 'user' : 'replica', what === 'started_speaking');
  };
  const onParticipantLeft = (event: DailyEventObject<'participant-left'>) => {
    // Tavus ends the conversation by taking the replica out of the room.
    if (isReplica(event.participant) && live) finish('inactivity');
  };
  const onLeft = () => finish(live ? 'inactivity' : 'error');
  const onError = (event: DailyEventObject<'error'>) => {
    // 'Meeting has ended' (the room was deleted) is the end of a live call, not a failure.
    finish(live ? 'inactivity' : 'error', event.errorMsg);
  };
  const onRecordingStarted = () => {
    if (!over) events.recording('Pending');
  };
  const onRecordingError = (event: DailyEventObject<'recording-error'>) => {
    if (over) return;
    events.recording('Failed', event.errorMsg);
    // spec/calls.md §4: a recording that cannot start fails the call.
    finish('recording-only-failure', event.errorMsg);
  };

  call.on('participant-joined', onParticipantJoined);
  call.on('track-started', onTrackStarted);
  call.on('app-message', onAppMessage);
  call.on('participant-left', onParticipantLeft);
  call.on('left-meeting', onLeft);
  call.on('error', onError);
  call.on('recording-started', onRecordingStarted);
  call.on('recording-error', onRecordingError);
  function detach() {
    call.off('participant-joined', onParticipantJoined);
    call.off('track-started', onTrackStarted);
    call.off('app-message', onAppMessage);
    call.off('participant-left', onParticipantLeft);
    call.off('left-meeting', onLeft);
    call.off('error', onError);
    call.off('recording-started', onRecordingStarted);
    call.off('recording-error', onRecordingError);
  }

  // spec/calls.md §9: the call joins 1 s after it started; the replica has 30 s from then.
  const joinTimer = timers.setTimeout(() => {
    if (over) return;
    replicaTimer = timers.setTimeout(() => {
      if (!live) finish('replica-join-timeout');
    }, VIDEO.replicaJoinTimeoutMs);
    call.join({ url: options.url }).then(
      () => {
        // A replica already in the room when the page arrives.
        if (over) return;
        const remote = Object.values(call.participants()).find((p) => !p.local);
        if (remote) events.replicaJoined();
      },
      (error: unknown) => finish('error', error instanceof Error ? error.message : 'Could not join the call'),
    );
  }, VIDEO.joinDelayMs);

  return {
    async leave() {
      timers.clearTimeout(joinTimer);
      if (over) return;
      over = true;
      if (replicaTimer) timers.clearTimeout(replicaTimer);
      detach();
      await call.leave().catch(() => undefined);
      await call.destroy().catch(() => undefined);
    },
    setMicrophone: (on) => void call.setLocalAudio(on),
    setCamera: (on) => void call.setLocalVideo(on),
    startRecording: () => call.startRecording({ width: VIDEO.recordingWidth, height: VIDEO.recordingHeight }),
    stopRecording: () => call.stopRecording(),
  };
}

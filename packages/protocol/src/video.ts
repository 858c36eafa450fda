/**
 * @module Video calls (spec/calls.md §2, §4, §7, §9; issue 12): the app starts a call
 * (POST /api/calls/video) and gets either the local pipeline's socket (the clone's portrait
 * animated by its speaking level, no key needed) or a provider's room (Tavus over Daily); the
 * call's transcript updates, end report and recording come back to the server under the call's id.
 */
import { z } from 'zod';
import type { CallEndReason } from './calls';

/** spec/calls.md §4: INACTIVE is the start overlay; WAITING the queue after 'Rate limited'. */
export const VIDEO_CALL_STATUSES = ['INACTIVE', 'STARTING', 'WAITING', 'ACTIVE', 'FAILED', 'ENDED'] as const;
export const VideoCallStatus = z.enum(VIDEO_CALL_STATUSES);
export type VideoCallStatus = z.infer<typeof VideoCallStatus>;

/** spec/calls.md §4: the recording of a video call. */
export const RecordingStatus = z.enum(['Idle', 'Pending', 'Failed', 'Finished', 'Disregarded']);
export type RecordingStatus = z.infer<typeof RecordingStatus>;

/** spec/calls.md §4: the clone's status as the video screen labels it. */
export const VIDEO_CLONE_STATUS_LABELS = {
  IDLE: 'Idle',
  LISTENING: 'Listening',
  THINKING: 'Thinking',
  SPEAKING: 'Talking',
} as const;

/** Who runs the call: the local pipeline (default) or Tavus over Daily. */
export const VideoProviderName = z.enum(['local', 'tavus']);
export type VideoProviderName = z.infer<typeof VideoProviderName>;

/** spec/calls.md §9: the video call's constants. */
export const VIDEO = {
  /** The hard limit of one call. */
  maxSeconds: 3600,
  /** After 'Rate limited' the app waits this long in the queue, then tries again. */
  rateLimitRetryMs: 5000,
  /** No replica within this long: replica-join-timeout. */
  replicaJoinTimeoutMs: 30_000,
  /** The app joins the room this long after the call is started. */
  joinDelayMs: 1000,
  recordingWidth: 1280,
  recordingHeight: 720,
  countdownTickMs: 1000,
  /** The connecting overlay's text changes after this long. */
  connectingHoldOnMs: 5000,
  /** The self-view's size at `selfViewWideFromPx` and wider, and below it. */
  selfViewDesktop: { width: 320, height: 192 },
  selfViewMobile: { width: 96, height: 156 },
  selfViewWideFromPx: 640,
  /** The self-view's margin from the corner it snaps to. */
  selfViewMarginDesktop: 40,
  selfViewMarginMobile: { x: 20, y: 14 },
  logoOpacity: 0.75,
  /** Where a recording's thumbnail and its player start (seconds). */
  thumbnailSeekSeconds: 7,
  playerSeekSeconds: 0.5,
  /** The start overlay's 'Some Inspiration' list. */
  startQuestions: 3,
  /** After a Tavus call, how often the page asks whether its recording is ready (Pending). */
  recordingPollMs: 5000,
} as const;

/** spec/calls.md §8, written as the spec writes it. */
export const VIDEO_TIME_LIMIT_MESSAGE = 'Called ended due to 1-hour time limit.';
export const VIDEO_INACTIVITY_MESSAGE = 'Call ended due to inactivity';
/** The start answer's error when the provider has no room free: the app waits in the queue. */
export const VIDEO_RATE_LIMITED = 'Rate limited';
export const VIDEO_QUEUE_TITLE = "You're in the queue";
export const VIDEO_QUEUE_TEXT = "We're experiencing high demand. You'll be connected as soon as possible.";
export const VIDEO_NOT_OFFERED = 'Video calls are not available on this site.';
export const VIDEO_NOT_ALLOWED = 'This clone does not take video calls.';
export const VIDEO_CALL_NOT_FOUND = 'No such video call.';
export const RECORDING_UNAVAILABLE = 'Recording Unavailable';
/** spec/calls.md §8: the self-view's camera messages. */
export const CAMERA_OFF = 'Your camera is turned off';
export const CAMERA_UNAVAILABLE = 'Your camera is not available';
export const NO_CAMERAS = 'No cameras found';
export const NO_MICROPHONES = 'No microphones found';

/** spec/calls.md §3: camera states. */
export const CameraState = z.enum(['NotSetup', 'SettingUp', 'Ready', 'Error']);
export type CameraState = z.infer<typeof CameraState>;

/**
 * Why a video call ended: the caller hung up or left the page; the 1-hour limit; the room went
 * (inactivity); the quota ran out; no replica joined; the recording could not start; a failure.
 */
export const VideoEndReason = z.enum([
  'hangup',
  'left',
  'time-limit',
  'inactivity',
  'quota',
  'replica-join-timeout',
  'recording-only-failure',
  'error',
]);
export type VideoEndReason = z.infer<typeof VideoEndReason>;

/** The local pipeline's end reasons, as the video call records them. */
export function videoEndReason(reason: CallEndReason): VideoEndReason {
  return reason === 'call-limit' ? 'quota' : reason;
}

/** App → server, POST /api/calls/video (spec/calls.md §7 initiateVideoCall). */
export const StartVideoCallRequest = z.object({
  slug: z.string().min(1).max(200),
  instanceSlug: z.string().min(1).max(200).nullish(),
  /** The visitor's language (the clone's when absent). */
  language: z.string().min(2).max(16).nullish(),
  /** The question chosen on the start overlay: the clone answers it first. */
  question: z.string().trim().min(1).max(500).nullish(),
});
export type StartVideoCallRequest = z.infer<typeof StartVideoCallRequest>;

/** Server → app: the call, and where to join it. */
export const StartVideoCallResponse = z.object({
  videoCallId: z.string(),
  conversationId: z.string(),
  provider: VideoProviderName,
  /** The local pipeline's socket (provider `local`), good for a minute. */
  socketPath: z.string().nullable(),
  /** The provider's room (Tavus: conversation_url) and its conversation id. */
  conversationUrl: z.string().nullable(),
  providerConversationId: z.string().nullable(),
  /** The hard limit of this call, seconds. */
  maxSeconds: z.number().int().positive(),
  /**
   * The provider records the call once the page starts its recording (Tavus with a recording
   * bucket: Daily's startRecording); false when it does not record it, or the page records itself.
   */
  providerRecords: z.boolean().default(false),
});
export type StartVideoCallResponse = z.infer<typeof StartVideoCallResponse>;

/** App → server, POST /api/calls/video/:id/end: how the call ended on the page. */
export const EndVideoCallRequest = z.object({ reason: VideoEndReason });
export type EndVideoCallRequest = z.infer<typeof EndVideoCallRequest>;

/** App → server, POST /api/calls/video/:id/transcript (spec/calls.md §7 sendTranscriptUpdate). */
export const VideoTranscriptUpdate = z.object({
  text: z.string().trim().min(1).max(4000),
  participant: z.enum(['user', 'replica']),
  provider_conversation_id: z.string().max(200).nullish(),
  /** Milliseconds since the epoch. */
  timestamp: z.number().int().nonnegative(),
});
export type VideoTranscriptUpdate = z.infer<typeof VideoTranscriptUpdate>;

/** One thing that happened in a call, for the staff debug panel. */
export const VideoCallEvent = z.object({
  at: z.number().int().nonnegative(),
  name: z.string().min(1).max(100),
  detail: z.string().max(500).nullish(),
});
export type VideoCallEvent = z.infer<typeof VideoCallEvent>;

/** App → server, POST /api/calls/video/:id/report (spec/calls.md §7 sendEndVideoCallReport). */
export const VideoEndReport = z.object({
  reason: VideoEndReason,
  /** When the page saw the call go live and end (ms since the epoch). */
  liveAt: z.number().int().nonnegative().nullish(),
  endedAt: z.number().int().nonnegative(),
  events: z.array(VideoCallEvent).max(200).default([]),
});
export type VideoEndReport = z.infer<typeof VideoEndReport>;

/** App → server, POST /api/calls/video/:id/recording/status: Pending, Failed or Disregarded. */
export const RecordingStatusUpdate = z.object({
  status: z.enum(['Pending', 'Failed', 'Disregarded']),
});
export type RecordingStatusUpdate = z.infer<typeof RecordingStatusUpdate>;

/** GET /api/calls/video/:id and the share page: one video call. */
export const VideoCall = z.object({
  id: z.string(),
  conversationId: z.string(),
  cloneSlug: z.string(),
  cloneName: z.string(),
  provider: VideoProviderName,
  status: z.enum(['ACTIVE', 'ENDED', 'FAILED']),
  endReason: VideoEndReason.nullable(),
  recordingStatus: RecordingStatus,
  /** The recording's address (the owner's, or the share's), when it is Finished. */
  recordingUrl: z.string().nullable(),
  /** Its length in milliseconds, as measured when it was stored; null when unknown. */
  recordingDurationMs: z.number().int().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Seconds charged for the call (video seconds). */
  seconds: z.number().int().nonnegative(),
});
export type VideoCall = z.infer<typeof VideoCall>;

/** GET /api/calls/video/:id/debug (staff): the provider's ids, the timings and the events. */
export const VideoCallDebug = VideoCall.extend({
  providerConversationId: z.string().nullable(),
  conversationUrl: z.string().nullable(),
  liveAt: z.string().nullable(),
  events: z.array(VideoCallEvent),
  transcript: z.array(z.object({ participant: z.string(), text: z.string(), at: z.string() })),
});
export type VideoCallDebug = z.infer<typeof VideoCallDebug>;

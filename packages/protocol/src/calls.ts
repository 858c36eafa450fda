/**
 * @module Browser voice calls with the local pipeline (spec/calls.md §2, §4; issue 11): the app
 * starts a call (POST /api/calls/voice), then streams the microphone over the call's WebSocket
 * and hears the clone's answers on it.
 */
import { z } from 'zod';
import { CloneStatus } from './clone';

/** spec/calls.md §4. */
export const CALL_STATUSES = ['IDLE', 'CONNECTING', 'ACTIVE', 'ENDED', 'FAILED'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** The microphone's audio on the socket: 16 kHz mono 16-bit little-endian PCM, in binary frames. */
export const CALL_SAMPLE_RATE = 16_000;

/** App → server, POST /api/calls/voice. */
export const StartVoiceCallRequest = z.object({
  slug: z.string().min(1).max(200),
  instanceSlug: z.string().min(1).max(200).nullish(),
  /** The embed configuration the call is made in (its call limit applies); absent on the full site. */
  configId: z
    .string()
    .regex(/^[a-z0-9-]{3,64}$/, 'an embed configuration id is 3 to 64 of a-z, 0-9 and -')
    .nullish(),
  /** The caller's language for the call (spec/calls.md §3 userPreferredLanguage): a code of the languages list. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'a language is a code such as en, fr or pt-BR')
    .nullish(),
});
export type StartVoiceCallRequest = z.infer<typeof StartVoiceCallRequest>;

/** Server → app, local pipeline: the call's conversation and where its socket is (for a minute). */
export const LocalVoiceCall = z.object({
  provider: z.literal('local').default('local'),
  conversationId: z.string(),
  socketPath: z.string(),
  /** The embed configuration's call limit in seconds, when the call was started with one. */
  callLimitSeconds: z.number().int().positive().nullable().default(null),
});
export type LocalVoiceCall = z.infer<typeof LocalVoiceCall>;

/**
 * Server → app, Vapi: the server started the call (POST /call/web); the app joins its room with
 * `@vapi-ai/web` (`new Vapi(publicKey, baseUrl).reconnect(webCall)`).
 */
export const VapiVoiceCall = z.object({
  provider: z.literal('vapi'),
  conversationId: z.string(),
  publicKey: z.string().min(1),
  baseUrl: z.url(),
  webCall: z.object({
    id: z.string().min(1),
    webCallUrl: z.url(),
    artifactPlan: z.object({ videoRecordingEnabled: z.boolean().optional() }).optional(),
    assistant: z.object({ voice: z.object({ provider: z.string().optional() }).optional() }).optional(),
  }),
  callLimitSeconds: z.number().int().positive().nullable().default(null),
});
export type VapiVoiceCall = z.infer<typeof VapiVoiceCall>;

/** Server → app: the call started, on the provider this deployment runs. */
export const StartVoiceCallResponse = z.union([VapiVoiceCall, LocalVoiceCall]);
export type StartVoiceCallResponse = z.infer<typeof StartVoiceCallResponse>;

/**
 * Why a call ended: the caller hung up; the quota ran out; the 6-hour limit; the embed
 * configuration's call limit (`call-limit`, spec/calls.md §4); a failure.
 */
export const CallEndReason = z.enum(['hangup', 'quota', 'time-limit', 'call-limit', 'error']);
export type CallEndReason = z.infer<typeof CallEndReason>;

/** Server → app on the socket (text frames); the clone's speech comes as binary frames (WAV). */
export const CallServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: CloneStatus }),
  /** The caller started speaking: stop the clone's audio (barge-in). */
  z.object({ type: z.literal('speech-started') }),
  z.object({
    type: z.literal('transcript'),
    role: z.enum(['user', 'assistant']),
    text: z.string(),
  }),
  /** The call is over: the seconds charged for it. */
  z.object({ type: z.literal('ended'), reason: CallEndReason, seconds: z.number().int().nonnegative() }),
]);
export type CallServerEvent = z.infer<typeof CallServerEvent>;

/** App → server on the socket (text frames). */
export const CallClientEvent = z.discriminatedUnion('type', [
  /** The clone's last audio finished playing (or was stopped): listening again. */
  z.object({ type: z.literal('played') }),
  z.object({ type: z.literal('end') }),
]);
export type CallClientEvent = z.infer<typeof CallClientEvent>;

/**
 * App → server, POST /api/voice-failures: a voice call or a voice memo failed on the page
 * (spec/calls.md §7 captureVoiceFailure: cause, message, outcome, slug; event_id
 * voice_memo_failure for dictation).
 */
export const VoiceFailureReport = z.object({
  event_id: z.enum(['voice_call_failure', 'voice_memo_failure']),
  slug: z.string().min(1).max(200),
  message: z.string().trim().min(1).max(500),
  cause: z.string().max(200).nullish(),
  outcome: z.string().max(100).nullish(),
});
export type VoiceFailureReport = z.infer<typeof VoiceFailureReport>;

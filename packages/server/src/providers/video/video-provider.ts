/**
 * @module Video calls (DESIGN §2, spec/calls.md §4, §7; issue 12): who runs the call behind the
 * video screen. The local default needs no key: the call runs on the local voice pipeline
 * (calls/voice-session.ts) — the page shows the clone's portrait animated by its speaking level
 * and records the call itself (MediaRecorder of the composite), uploading it here. A real
 * provider (Tavus over Daily) starts a conversation with its replica, hands the page a room to
 * join, records on its side, and reports transcript updates and the end of the call.
 *
 * Every provider is driven the same way by routes/video-calls.ts: `start` when the visitor
 * starts a call (throwing VideoRateLimited when it has no room free: the page waits in the queue
 * and tries again after 5 s), `end` when the call ends for any reason, `startRecording` /
 * `stopRecording` around the live part of the call.
 */
import type { VideoProviderName } from '@doppel/protocol';
import { provider } from '../provider';

/** What a provider is told about the call it starts (spec/calls.md §7 initiateVideoCall). */
export interface VideoCallStart {
  /** Our id of the call (video_calls.id). */
  videoCallId: string;
  conversationId: string;
  cloneSlug: string;
  cloneName: string;
  instanceSlug: string | null;
  /** The visitor's language, else the clone's. */
  language: string;
  /** The question chosen on the start overlay; the clone answers it first. */
  question: string | null;
}

/** Where the page joins the call. */
export type VideoRoom =
  /** The local voice pipeline's socket: the page gets a call ticket for it. */
  | { kind: 'local' }
  /** The provider's own room (Tavus: conversation_url on Daily) and its conversation id. */
  | { kind: 'room'; providerConversationId: string; conversationUrl: string };

/** The provider has no room free right now ('Rate limited', spec/calls.md §8). */
export class VideoRateLimited extends Error {
  constructor() {
    super('Rate limited');
  }
}

export interface VideoProvider {
  readonly name: VideoProviderName;
  /**
   * Whether the page records the call itself and uploads it (the local pipeline); false when the
   * provider records it and the server fetches the recording.
   */
  readonly recordsInBrowser: boolean;
  /** Starts a call; throws VideoRateLimited when full, any other error when it failed. */
  start(call: VideoCallStart): Promise<VideoRoom>;
  /** Ends the call at the provider (idempotent: ending an ended call is no error). */
  end(room: VideoRoom): Promise<void>;
  /** Starts recording the call (spec/calls.md §7: the video provider's start recording). */
  startRecording(room: VideoRoom): Promise<void>;
  stopRecording(room: VideoRoom): Promise<void>;
}

/** The local default: the voice pipeline runs the call; the page records and uploads it. */
export const localVideo: VideoProvider = {
  name: 'local',
  recordsInBrowser: true,
  start: async () => ({ kind: 'local' }),
  end: async () => undefined,
  // The page's MediaRecorder records the composite (canvas + audio): nothing to start here.
  startRecording: async () => undefined,
  stopRecording: async () => undefined,
};

export const videoProvider = provider({
  title: 'Video calls',
  concern: 'video call',
  localDefault:
    "the local voice pipeline (dictation's recogniser, read aloud's voice) on the video screen: the clone's portrait animated by its speaking level, the visitor's camera as self-view, the call recorded in the browser and stored through the storage provider",
  real: 'Tavus replica over Daily (`@daily-co/daily-js`), added by the Tavus provider',
  settings: {},
  read: () => ({}),
  configured: () => false,
  // The local video call is offered where the local voice call is (providers/speech offers both):
  // it runs on that pipeline.
  offers: () => ({}),
  create: (_c, _deps: Record<string, never>): VideoProvider => localVideo,
});

export type VideoConfig = ReturnType<typeof videoProvider.read>;

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
import type { Queryable } from '@doppel/db';
import type { VideoProviderName } from '@doppel/protocol';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { integer, setting } from '../../config/setting';
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
  /** The provider records a call when the page starts its recording (Tavus with a bucket). */
  readonly providerRecords?: boolean;
  /** Starts a call; throws VideoRateLimited when full, any other error when it failed. */
  start(call: VideoCallStart): Promise<VideoRoom>;
  /** Ends the call at the provider (idempotent: ending an ended call is no error). */
  end(room: VideoRoom): Promise<void>;
  /** Starts recording the call (spec/calls.md §7: the video provider's start recording). */
  startRecording(room: VideoRoom): Promise<void>;
  stopRecording(room: VideoRoom): Promise<void>;
}

/**
 * The local default: the voice pipeline runs the call; the page records and uploads it. Each call
 * takes a share of this machine's recogniser, so at most `maxCalls` run at once; one more is
 * 'Rate limited' and waits in the queue. A call counts while it is active and live, or for two
 * minutes after it was started if its page never joined.
 */
export function localVideo(maxCalls: number, deps: { db: Queryable; clock: Clock }): VideoProvider {
  return {
    name: 'local',
    recordsInBrowser: true,
    async start() {
      const now = deps.clock.now();
      const rows = await deps.db.query(
        `SELECT count(*)::int AS running FROM video_calls
         WHERE provider = 'local' AND status = 'ACTIVE' AND started_at > $1::timestamptz - interval '1 hour'
           AND (live_at IS NOT NULL OR started_at > $1::timestamptz - interval '2 minutes')`,
        [now],
      );
      if (Running.parse(rows[0]).running >= maxCalls) throw new VideoRateLimited();
      return { kind: 'local' };
    },
    end: async () => undefined,
    // The page's MediaRecorder records the composite (canvas + audio): nothing to start here.
    startRecording: async () => undefined,
    stopRecording: async () => undefined,
  };
}

const Running = z.object({ running: z.number().int() });

export const videoProvider = provider({
  title: 'Video calls',
  concern: 'video call',
  localDefault:
    "the local voice pipeline (dictation's recogniser, read aloud's voice) on the video screen: the clone's portrait animated by its speaking level, the visitor's camera as self-view, the call recorded in the browser and stored through the storage provider",
  real: 'Tavus replica over Daily (`@daily-co/daily-js`), added by the Tavus provider',
  settings: {
    VIDEO_LOCAL_MAX_CALLS: setting(
      integer(4, 1, 1000),
      '4',
      "Local video calls that may run at once (each uses the recogniser); one more waits in the video screen's queue ('Rate limited').",
    ),
  },
  read: (e) => ({ localMaxCalls: e.VIDEO_LOCAL_MAX_CALLS }),
  configured: () => false,
  // The local video call is offered where the local voice call is (providers/speech offers both):
  // it runs on that pipeline.
  offers: () => ({}),
  create: (c, deps: { db: Queryable; clock: Clock }): VideoProvider => localVideo(c.localMaxCalls, deps),
});

export type VideoConfig = ReturnType<typeof videoProvider.read>;

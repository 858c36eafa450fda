/**
 * @module A local video call on the voice pipeline's socket (issue 12): the call is live when its
 * socket opens; each transcript line is kept as the call's transcript update (spec/calls.md §7);
 * at the end the seconds the session charged (video seconds) and why it ended are recorded.
 */
import { videoEndReason } from '@doppel/protocol';
import type { AppDeps } from '../deps';
import { addTranscriptUpdate, endVideoCall, setVideoCallSeconds } from '../store/video-calls';
import type { VoiceSessionDeps } from './voice-session';

export function videoCallHooks(
  deps: AppDeps,
  videoCallId: string,
): Pick<VoiceSessionDeps, 'onTranscript' | 'onEnded'> {
  const { db, clock, logger } = deps;
  void db
    .query('UPDATE video_calls SET live_at = COALESCE(live_at, $2) WHERE id = $1', [videoCallId, clock.now()])
    .catch((error) => logger.error(`marking video call ${videoCallId} live failed`, error));
  return {
    onTranscript: (role, text) => {
      void addTranscriptUpdate(db, {
        videoCallId,
        participant: role === 'user' ? 'user' : 'replica',
        text,
        at: clock.now(),
      }).catch((error) =>
        logger.error(`keeping a transcript line of video call ${videoCallId} failed`, error),
      );
    },
    onEnded: async (reason, seconds) => {
      await setVideoCallSeconds(db, videoCallId, seconds);
      await endVideoCall(db, videoCallId, { reason: videoEndReason(reason), now: clock.now() });
    },
  };
}

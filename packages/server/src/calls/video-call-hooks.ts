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
  // The call's lines are kept one after the other, in the order they were said: on PostgreSQL two
  // writes sent at once may commit in either order (and take their ids in that order).
  let kept: Promise<void> = Promise.resolve();
  return {
    onTranscript: (role, text) => {
      const line = {
        videoCallId,
        participant: role === 'user' ? ('user' as const) : ('replica' as const),
        text,
        at: clock.now(),
      };
      kept = kept
        .then(() => addTranscriptUpdate(db, line))
        .catch((error) =>
          logger.error(`keeping a transcript line of video call ${videoCallId} failed`, error),
        );
    },
    onEnded: async (reason, seconds) => {
      await kept;
      await setVideoCallSeconds(db, videoCallId, seconds);
      await endVideoCall(db, videoCallId, { reason: videoEndReason(reason), now: clock.now() });
    },
  };
}

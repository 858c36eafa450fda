/**
 * @module POST /api/webhooks/tavus/:videoCallId (DESIGN §4 "provider webhooks under
 * /api/webhooks/:provider"; spec/calls.md §7; issue 12): Tavus's callbacks for one video call.
 * Tavus signs nothing, so the callback URL it was given carries a token signed for the call
 * (providers/tavus/callback-token.ts): a wrong or missing token answers 401, a body that is not a
 * Tavus callback 400, a callback of another conversation 404 — and none of them writes anything.
 * Each callback is handled once (the same body again answers 200 and changes nothing):
 * - `system.replica_joined`: the call went live (its start for the video seconds);
 * - `system.shutdown`: the room is gone — the call ends with the reason Tavus gives (the 1-hour
 *   limit, inactivity, the page's hang-up), and its video seconds are charged from the real
 *   duration, from its start to the shutdown (unless the page ended it first and was charged);
 * - `application.transcription_ready`: the transcript is stored as the call's transcript updates;
 * - `application.recording_ready`: the recording is Finished, where Tavus put it in the storage bucket.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@doppel/db';
import { VIDEO } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeIssues } from '../http/describe-issues';
import { isUuid } from '../http/uuid';
import { BODY_TOO_LARGE, MALFORMED_JSON, readLimited } from '../middleware/json-body';
import { reportCallOverage } from '../payments/overage';
import { isCallbackToken } from '../providers/tavus/callback-token';
import {
  RecordingReadyProperties,
  ShutdownProperties,
  shutdownReason,
  TavusCallback,
  TranscriptionReadyProperties,
} from '../providers/tavus/tavus-callback';
import { chargeSeconds } from '../store/charge-seconds';
import {
  addVideoCallEvents,
  endVideoCall,
  findVideoCallById,
  finishRecording,
  setVideoCallSeconds,
  type VideoCallRow,
} from '../store/video-calls';

export const BAD_TAVUS_TOKEN = 'Invalid callback token';
export const UNKNOWN_TAVUS_CALL = 'No such Tavus conversation';

export function tavusWebhookRoutes(deps: AppDeps) {
  const { db, config, clock, logger } = deps;
  return new Hono().post('/webhooks/tavus/:videoCallId', async (c) => {
    const videoCallId = c.req.param('videoCallId');
    const token = c.req.query('token') ?? '';
    if (!isUuid(videoCallId) || !isCallbackToken(await deps.authSecret(), videoCallId, token))
      return apiError(c, 401, BAD_TAVUS_TOKEN);
    const raw = await readLimited(c.req.raw, config.jsonBodyLimitBytes);
    if (raw === null) return apiError(c, 413, BODY_TOO_LARGE);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return apiError(c, 400, MALFORMED_JSON);
    }
    const parsed = TavusCallback.safeParse(json);
    if (!parsed.success) return apiError(c, 400, describeIssues(parsed.error));
    const callback = parsed.data;
    const call = await findVideoCallById(db, videoCallId);
    if (!call || call.provider !== 'tavus' || call.provider_conversation_id !== callback.conversation_id)
      return apiError(c, 404, UNKNOWN_TAVUS_CALL);
    const problem = propertiesProblem(callback);
    if (problem) return apiError(c, 400, problem);

    const digest = createHash('sha256').update(raw).digest('hex');
    const fresh = await db.query(
      `INSERT INTO tavus_callbacks (video_call_id, body_sha256, event_type) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING video_call_id`,
      [call.id, digest, callback.event_type],
    );
    if (fresh.length === 0) return c.json({ received: true, duplicate: true });
    try {
      await handle(db, call, callback, clock.now(), config.storage.s3?.bucket ?? null);
      // A shutdown charged the call: a member past the quota is billed for it (reported once).
      void reportCallOverage(deps, {
        userId: call.user_id,
        cloneId: call.clone_id,
        instanceId: call.instance_id,
      });
    } catch (error) {
      // Forgotten, so that Tavus's retry is handled.
      await db.query('DELETE FROM tavus_callbacks WHERE video_call_id = $1 AND body_sha256 = $2', [
        call.id,
        digest,
      ]);
      logger.warn(`Tavus callback ${callback.event_type} for ${call.id} failed: ${String(error)}`);
      throw error;
    }
    return c.json({ received: true, duplicate: false });
  });
}

/** What is wrong with a known event's properties; null when they are right (or the event is not read). */
function propertiesProblem(callback: TavusCallback): string | null {
  const schema =
    callback.event_type === 'system.shutdown'
      ? ShutdownProperties
      : callback.event_type === 'application.transcription_ready'
        ? TranscriptionReadyProperties
        : callback.event_type === 'application.recording_ready'
          ? RecordingReadyProperties
          : null;
  if (!schema) return null;
  const parsed = schema.safeParse(callback.properties);
  return parsed.success ? null : describeIssues(parsed.error);
}

/** The callback's time, or the server's when Tavus's cannot be read. */
const timeOf = (callback: TavusCallback, now: Date): Date => {
  const at = new Date(callback.timestamp);
  return Number.isNaN(at.getTime()) ? now : at;
};

async function handle(
  db: Db,
  call: VideoCallRow,
  callback: TavusCallback,
  now: Date,
  storageBucket: string | null,
): Promise<void> {
  const at = timeOf(callback, now);
  const log = (detail: string) =>
    addVideoCallEvents(db, call.id, [{ at: at.getTime(), name: `tavus ${callback.event_type}`, detail }]);
  switch (callback.event_type) {
    case 'system.replica_joined': {
      await db.query('UPDATE video_calls SET live_at = COALESCE(live_at, $2) WHERE id = $1', [call.id, at]);
      await log('the replica joined');
      return;
    }
    case 'system.shutdown': {
      const { shutdown_reason } = ShutdownProperties.parse(callback.properties);
      await log(shutdown_reason);
      await endAndCharge(db, call, shutdownReason(shutdown_reason), at, now);
      return;
    }
    case 'application.transcription_ready': {
      const { transcript } = TranscriptionReadyProperties.parse(callback.properties);
      // Tavus's transcript has no times: each line is kept one millisecond after the one before.
      let index = 0;
      for (const line of transcript) {
        if (line.role === 'system' || !line.content.trim()) continue;
        index += 1;
        // A line the page already sent as it was said (spec §7 sendTranscriptUpdate) is kept once.
        await db.query(
          `INSERT INTO video_transcript_updates (video_call_id, participant, text, at)
           SELECT $1, $2, $3, $4 WHERE NOT EXISTS (
             SELECT 1 FROM video_transcript_updates WHERE video_call_id = $1 AND participant = $2 AND text = $3)`,
          [
            call.id,
            line.role === 'user' ? 'user' : 'replica',
            line.content.trim().slice(0, 4000),
            new Date((call.live_at ?? call.started_at).getTime() + index),
          ],
        );
      }
      await log(`${index} lines`);
      return;
    }
    case 'application.recording_ready': {
      const recording = RecordingReadyProperties.parse(callback.properties);
      // Only a recording in this deployment's bucket can be played from the share page.
      if (!storageBucket || (recording.bucket_name && recording.bucket_name !== storageBucket)) {
        await db.query(
          `UPDATE video_calls SET recording_status = 'Failed' WHERE id = $1 AND recording_status <> 'Finished'`,
          [call.id],
        );
        await log(`recording in another bucket (${recording.bucket_name ?? 'none'}): not kept`);
        return;
      }
      await finishRecording(db, call.id, {
        key: recording.s3_key,
        contentType: 'video/mp4',
        durationMs: recording.duration === undefined ? null : Math.round(recording.duration * 1000),
      });
      // As for a recording the page uploads (routes/video-calls.ts): the conversation's recordingUrl.
      await db.query('UPDATE conversations SET recording_url = $2 WHERE id = $1', [
        call.conversation_id,
        `/api/calls/video/${call.id}/recording`,
      ]);
      await log(recording.s3_key);
      return;
    }
    default:
      await log('not read');
  }
}

/**
 * Ends the call once (whoever ends it first — this callback or the page — charges it) and
 * charges the video seconds it lasted beyond what was charged at its start, up to the 1-hour
 * limit and the caller's quota (store/charge-seconds.ts grants what is left).
 */
async function endAndCharge(
  db: Db,
  call: VideoCallRow,
  reason: ReturnType<typeof shutdownReason>,
  endedAt: Date,
  now: Date,
): Promise<void> {
  if (!(await endVideoCall(db, call.id, { reason, now: endedAt }))) return;
  // As routes/video-calls.ts charges a room provider's call the page ends: from its start.
  const from = call.started_at;
  const lasted = Math.min(
    VIDEO.maxSeconds,
    Math.max(1, Math.ceil((endedAt.getTime() - from.getTime()) / 1000)),
  );
  const more = lasted - call.seconds;
  if (more <= 0) return;
  const charged = await chargeSeconds(db, {
    resource: 'video_seconds',
    userId: call.user_id,
    visitorId: call.visitor_id,
    cloneId: call.clone_id,
    instanceId: call.instance_id,
    seconds: more,
    now,
  });
  if (charged.status === 'charged') await setVideoCallSeconds(db, call.id, call.seconds + charged.granted);
}

/**
 * @module Reads and writes of video calls (migration 070), always through their conversation's
 * owner (store/conversations.ts `ownedBy`): another visitor's call is no call.
 */
import type { Queryable } from '@doppel/db';
import {
  RecordingStatus,
  VideoCallEvent,
  type VideoEndReason,
  VideoEndReason as VideoEndReasonSchema,
  VideoProviderName,
} from '@doppel/protocol';
import { z } from 'zod';
import { type Owner, ownedBy } from './conversations';

export const VideoCallRow = z.object({
  id: z.string(),
  conversation_id: z.string(),
  clone_id: z.string(),
  clone_slug: z.string(),
  clone_name: z.string(),
  instance_id: z.string().nullable(),
  user_id: z.string().nullable(),
  visitor_id: z.string(),
  provider: VideoProviderName,
  provider_conversation_id: z.string().nullable(),
  conversation_url: z.string().nullable(),
  status: z.enum(['ACTIVE', 'ENDED', 'FAILED']),
  end_reason: VideoEndReasonSchema.nullable(),
  started_at: z.date(),
  live_at: z.date().nullable(),
  ended_at: z.date().nullable(),
  seconds: z.number().int(),
  recording_status: RecordingStatus,
  recording_key: z.string().nullable(),
  recording_content_type: z.string().nullable(),
  recording_duration_ms: z.number().int().nullable(),
  events: z.array(VideoCallEvent),
  share_id: z.string().nullable(),
});
export type VideoCallRow = z.infer<typeof VideoCallRow>;

const COLUMNS = `k.id, k.conversation_id, k.clone_id, c.slug AS clone_slug, c.name AS clone_name, k.instance_id,
  k.user_id, k.visitor_id, k.provider, k.provider_conversation_id, k.conversation_url, k.status, k.end_reason,
  k.started_at, k.live_at, k.ended_at, k.seconds, k.recording_status, k.recording_key,
  k.recording_content_type, k.recording_duration_ms, k.events, v.share_id`;
const FROM = `video_calls k JOIN conversations v ON v.id = k.conversation_id JOIN clones c ON c.id = k.clone_id`;

export interface NewVideoCall {
  id: string;
  conversationId: string;
  cloneId: string;
  instanceId: string | null;
  owner: Owner;
  provider: VideoProviderName;
  providerConversationId: string | null;
  conversationUrl: string | null;
  language: string;
  question: string | null;
  now: Date;
}

export async function insertVideoCall(db: Queryable, call: NewVideoCall): Promise<void> {
  await db.query(
    `INSERT INTO video_calls (id, conversation_id, clone_id, instance_id, user_id, visitor_id, provider,
       provider_conversation_id, conversation_url, language, question, started_at, seconds, events)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13::jsonb)`,
    [
      call.id,
      call.conversationId,
      call.cloneId,
      call.instanceId,
      call.owner.userId,
      call.owner.visitorId,
      call.provider,
      call.providerConversationId,
      call.conversationUrl,
      call.language,
      call.question,
      call.now,
      JSON.stringify([{ at: call.now.getTime(), name: 'started', detail: call.provider }]),
    ],
  );
}

/** The caller's video call `id` (a uuid); null when there is none. */
export async function findVideoCall(db: Queryable, id: string, owner: Owner): Promise<VideoCallRow | null> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = $1 AND ${ownedBy('v', '$2', '$3', '$4')}`,
    [id, owner.userId, owner.visitorId, owner.stateless],
  );
  return rows[0] ? VideoCallRow.parse(rows[0]) : null;
}

/** Any video call by id (the staff debug panel, the local socket's end). */
export async function findVideoCallById(db: Queryable, id: string): Promise<VideoCallRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = $1`, [id]);
  return rows[0] ? VideoCallRow.parse(rows[0]) : null;
}

/** The video call of a shared conversation; null when the share or the call does not exist. */
export async function findSharedVideoCall(db: Queryable, shareId: string): Promise<VideoCallRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.share_id = $1`, [shareId]);
  return rows[0] ? VideoCallRow.parse(rows[0]) : null;
}

/**
 * Ends an active call: its status, reason and end time, once (a second end changes nothing and
 * answers false). `seconds`, when given, is what the call was charged in all.
 */
export async function endVideoCall(
  db: Queryable,
  id: string,
  end: { reason: VideoEndReason; now: Date; seconds?: number },
): Promise<boolean> {
  const failed =
    end.reason === 'error' ||
    end.reason === 'replica-join-timeout' ||
    end.reason === 'recording-only-failure';
  const rows = await db.query(
    `UPDATE video_calls SET status = $2, end_reason = $3, ended_at = $4, seconds = COALESCE($5, seconds),
       events = events || jsonb_build_array(jsonb_build_object('at', $6::bigint, 'name', 'ended', 'detail', $3::text))
     WHERE id = $1 AND status = 'ACTIVE' RETURNING id`,
    [id, failed ? 'FAILED' : 'ENDED', end.reason, end.now, end.seconds ?? null, end.now.getTime()],
  );
  return rows.length > 0;
}

/** Sets the seconds charged for the call (the local socket's meter, when the call is over). */
export async function setVideoCallSeconds(db: Queryable, id: string, seconds: number): Promise<void> {
  await db.query('UPDATE video_calls SET seconds = $2 WHERE id = $1', [id, Math.min(seconds, 3600)]);
}

/** Adds events to the call's log (the debug panel), at most 500 kept. */
export async function addVideoCallEvents(
  db: Queryable,
  id: string,
  events: readonly VideoCallEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `UPDATE video_calls SET events = (
       SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM (
         SELECT e FROM jsonb_array_elements(events || $2::jsonb) AS e LIMIT 500
       ) kept
     ) WHERE id = $1`,
    [id, JSON.stringify(events)],
  );
}

/** Stores the page's end report once (the first one wins); false when one was already kept. */
export async function storeEndReport(
  db: Queryable,
  id: string,
  report: { liveAt: Date | null; body: unknown },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE video_calls SET end_report = $2::jsonb, live_at = COALESCE(live_at, $3)
     WHERE id = $1 AND end_report IS NULL RETURNING id`,
    [id, JSON.stringify(report.body), report.liveAt],
  );
  return rows.length > 0;
}

/** Keeps one transcript update (the same one twice is kept once). */
export async function addTranscriptUpdate(
  db: Queryable,
  update: { videoCallId: string; participant: 'user' | 'replica'; text: string; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO video_transcript_updates (video_call_id, participant, text, at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [update.videoCallId, update.participant, update.text, update.at],
  );
}

const TranscriptRow = z.object({ participant: z.string(), text: z.string(), at: z.date() });

export async function listTranscriptUpdates(db: Queryable, videoCallId: string) {
  const rows = await db.query(
    'SELECT participant, text, at FROM video_transcript_updates WHERE video_call_id = $1 ORDER BY at, id',
    [videoCallId],
  );
  return rows.map((row) => TranscriptRow.parse(row));
}

/** Sets the recording's status; `Failed` before the recording started fails the call (spec §4). */
export async function setRecordingStatus(
  db: Queryable,
  id: string,
  status: 'Pending' | 'Failed' | 'Disregarded',
): Promise<void> {
  // A finished recording stays finished.
  await db.query(
    `UPDATE video_calls SET recording_status = $2 WHERE id = $1 AND recording_status <> 'Finished'`,
    [id, status],
  );
}

/** The recording is stored: Finished, where it is, and its length. */
export async function finishRecording(
  db: Queryable,
  id: string,
  recording: { key: string; contentType: string; durationMs: number | null },
): Promise<void> {
  await db.query(
    `UPDATE video_calls SET recording_status = 'Finished', recording_key = $2, recording_content_type = $3,
       recording_duration_ms = $4 WHERE id = $1`,
    [id, recording.key, recording.contentType, recording.durationMs],
  );
}

/**
 * @module Video calls (spec/calls.md §4, §5, §7; issue 12; DESIGN §4 POST /api/calls/video).
 * Starting charges the first video second (402 with the §5 message when no time is left, nothing
 * written and no provider asked), then asks the video provider (providers/video) for a room —
 * 'Rate limited' (429, the second given back) sends the page to the queue, to try again after
 * 5 s — and opens a VIDEO conversation. On the local
 * provider the page gets a ticket to the local voice pipeline's socket, charged as video seconds
 * with the 1-hour limit (calls/voice-session.ts); the page records the call and uploads it here.
 * A room provider's call is ended (conditionally) and then charged from its real duration by the
 * end that won, as the Tavus webhook does: the two ends never both charge.
 * Every route after the start answers only the call's owner (404 for anyone else); the debug
 * panel only staff.
 */
import { randomUUID } from 'node:crypto';
import {
  CloneOptions,
  EndVideoCallRequest,
  RECORDING_UNAVAILABLE,
  RecordingStatusUpdate,
  StartVideoCallRequest,
  type StartVideoCallResponse,
  VIDEO,
  VIDEO_CALL_NOT_FOUND,
  VIDEO_NOT_ALLOWED,
  VIDEO_NOT_OFFERED,
  VIDEO_QUOTA_EXHAUSTED,
  VIDEO_RATE_LIMITED,
  type VideoCall,
  type VideoCallDebug,
  VideoEndReport,
  VideoTranscriptUpdate,
} from '@doppel/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { CALL_TOKEN_TTL_MS, signCallToken } from '../calls/call-token';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { VideoRateLimited, type VideoRoom } from '../providers/video';
import { chargeSeconds, refundSeconds } from '../store/charge-seconds';
import { findCloneBySlug, findInstance } from '../store/clones';
import { createConversation } from '../store/conversations';
import {
  addTranscriptUpdate,
  addVideoCallEvents,
  endVideoCall,
  findSharedVideoCall,
  findVideoCall,
  findVideoCallById,
  finishRecording,
  insertVideoCall,
  listTranscriptUpdates,
  setRecordingStatus,
  setVideoCallSeconds,
  storeEndReport,
  type VideoCallRow,
} from '../store/video-calls';
import { VOICE_SOCKET_PATH } from './calls';
import { CLONE_NOT_FOUND } from './clones';
import { IDENTITY_REQUIRED } from './messages';

/** A recording is at most this big (the page records at 500 kbit/s: an hour is ~230 MB). */
export const MAX_RECORDING_BYTES = 300 * 1024 * 1024;
export const RECORDING_TOO_LARGE = `A recording is at most ${MAX_RECORDING_BYTES / 1024 / 1024} MB`;
export const RECORDING_NOT_VIDEO = 'A recording is a WebM or MP4 video';
const SHARE_ID = /^[A-Za-z0-9_-]{8,64}$/;

const roomOf = (row: VideoCallRow): VideoRoom =>
  row.provider_conversation_id && row.conversation_url
    ? {
        kind: 'room',
        providerConversationId: row.provider_conversation_id,
        conversationUrl: row.conversation_url,
      }
    : { kind: 'local' };

/** WebM (EBML header) or MP4 (`ftyp` box): the type the bytes are, or null. */
export function recordingType(head: Uint8Array): 'video/webm' | 'video/mp4' | null {
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (String.fromCharCode(...head.slice(4, 8)) === 'ftyp') return 'video/mp4';
  return null;
}

/** Reads at most `max` bytes of the body; null when it is larger. */
async function readBytes(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function videoCallRoutes(deps: AppDeps) {
  const { db, config, clock, storage } = deps;
  const toVideoCall = (row: VideoCallRow, recordingUrl: string): VideoCall => ({
    id: row.id,
    conversationId: row.conversation_id,
    cloneSlug: row.clone_slug,
    cloneName: row.clone_name,
    provider: row.provider,
    status: row.status,
    endReason: row.end_reason,
    recordingStatus: row.recording_status,
    recordingUrl: row.recording_status === 'Finished' && row.recording_key ? recordingUrl : null,
    recordingDurationMs: row.recording_duration_ms,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    seconds: row.seconds,
  });
  /** The caller's call `:id`, or null (a 404 for anyone else). */
  const ownCall = async <E extends AppEnv>(c: Context<E>) => {
    const id = c.req.param('id') ?? '';
    return isUuid(id) ? findVideoCall(db, id, await ownerOf(c)) : null;
  };
  const serveRecording = async (c: Context<AppEnv>, row: VideoCallRow) => {
    const object =
      row.recording_status === 'Finished' && row.recording_key ? await storage.open(row.recording_key) : null;
    if (!object) return apiError(c, 404, RECORDING_UNAVAILABLE);
    return c.body(object.body, 200, {
      'Content-Type': row.recording_content_type ?? 'video/webm',
      'Content-Length': String(object.size),
      'Cache-Control': 'private, max-age=3600',
    });
  };

  return new Hono<AppEnv>()
    .post(
      '/calls/video',
      jsonBody(StartVideoCallRequest, { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const local = deps.video.name === 'local';
        if (!config.offered.videoCall || (local && !deps.recogniser))
          return apiError(c, 404, VIDEO_NOT_OFFERED);
        const identity = identityOf(c);
        const owner = await ownerOf(c);
        if (identity.freshVisitor && owner.userId === null) return apiError(c, 401, IDENTITY_REQUIRED);
        const body = c.var.body;
        const clone = await findCloneBySlug(db, body.slug);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        if (!CloneOptions.parse(clone.options ?? {}).allowVideo) return apiError(c, 403, VIDEO_NOT_ALLOWED);
        const instance = body.instanceSlug ? await findInstance(db, clone.id, body.instanceSlug) : null;
        if (body.instanceSlug && !instance) return apiError(c, 404, CLONE_NOT_FOUND);
        const instanceId = instance?.id ?? null;
        const videoCallId = randomUUID();
        const conversationId = randomUUID();
        const language = body.language ?? clone.language ?? 'en';
        const question = body.question ?? null;
        // The first video second is charged before the provider is asked for a room: a caller with
        // no time left never starts a provider conversation (nor, on a first call, its persona).
        const first = await chargeSeconds(db, {
          resource: 'video_seconds',
          userId: owner.userId,
          visitorId: owner.visitorId,
          cloneId: clone.id,
          instanceId,
          seconds: 1,
          now: clock.now(),
        });
        if (first.status !== 'charged') return apiError(c, 402, VIDEO_QUOTA_EXHAUSTED);
        let room: VideoRoom;
        try {
          room = await deps.video.start({
            videoCallId,
            conversationId,
            cloneSlug: clone.slug,
            cloneName: clone.name,
            instanceSlug: body.instanceSlug ?? null,
            language,
            question,
          });
        } catch (error) {
          // No room: the second charged above goes back (the page retries from the queue).
          await refundSeconds(db, {
            resource: 'video_seconds',
            userId: owner.userId,
            visitorId: owner.visitorId,
            cloneId: clone.id,
            instanceId,
            seconds: first.granted,
            now: clock.now(),
          });
          if (error instanceof VideoRateLimited) return apiError(c, 429, VIDEO_RATE_LIMITED);
          throw error;
        }
        const conversation = await createConversation(db, {
          cloneId: clone.id,
          instanceId,
          medium: 'VIDEO',
          owner,
        });
        await insertVideoCall(db, {
          id: videoCallId,
          conversationId: conversation.id,
          cloneId: clone.id,
          instanceId,
          owner,
          provider: deps.video.name,
          providerConversationId: room.kind === 'room' ? room.providerConversationId : null,
          conversationUrl: room.kind === 'room' ? room.conversationUrl : null,
          language,
          question,
          now: clock.now(),
        });
        const ticket =
          room.kind === 'local'
            ? signCallToken(await deps.authSecret(), {
                conversationId: conversation.id,
                cloneId: clone.id,
                slug: clone.slug,
                instanceId,
                userId: owner.userId,
                visitorId: owner.visitorId,
                stateless: owner.stateless,
                charged: first.granted,
                resource: 'video_seconds',
                maxSeconds: VIDEO.maxSeconds,
                videoCallId,
                question,
                expiresAt: clock.now().getTime() + CALL_TOKEN_TTL_MS,
              })
            : null;
        const answer: StartVideoCallResponse = {
          videoCallId,
          conversationId: conversation.id,
          provider: deps.video.name,
          socketPath: ticket ? `${VOICE_SOCKET_PATH}?call=${encodeURIComponent(ticket)}` : null,
          conversationUrl: room.kind === 'room' ? room.conversationUrl : null,
          providerConversationId: room.kind === 'room' ? room.providerConversationId : null,
          maxSeconds: VIDEO.maxSeconds,
          providerRecords: room.kind === 'room' && deps.video.providerRecords === true,
        };
        return c.json(answer);
      },
    )
    .get('/calls/video/:id', async (c) => {
      const row = await ownCall(c);
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      return c.json(toVideoCall(row, `/api/calls/video/${row.id}/recording`));
    })
    .post(
      '/calls/video/:id/end',
      jsonBody(EndVideoCallRequest, { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const row = await ownCall(c);
        if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
        const now = clock.now();
        if (row.status === 'ACTIVE' && row.provider !== 'local') {
          // A room provider's call: ended first (conditionally, as the Tavus webhook does), then
          // charged from its real duration, at most the hour, by whichever end won: a shutdown
          // webhook arriving at the same moment finds the call ended and charges nothing.
          if (!(await endVideoCall(db, row.id, { reason: c.var.body.reason, now }))) {
            const after = await findVideoCallById(db, row.id);
            return c.json(toVideoCall(after ?? row, `/api/calls/video/${row.id}/recording`));
          }
          await deps.video.end(roomOf(row));
          const seconds = Math.min(
            Math.ceil((now.getTime() - row.started_at.getTime()) / 1000),
            VIDEO.maxSeconds,
          );
          const due = seconds - row.seconds;
          const charged =
            due > 0
              ? await chargeSeconds(db, {
                  resource: 'video_seconds',
                  userId: row.user_id,
                  visitorId: row.visitor_id,
                  cloneId: row.clone_id,
                  instanceId: row.instance_id,
                  seconds: due,
                  now,
                })
              : null;
          if (charged?.status === 'charged')
            await setVideoCallSeconds(db, row.id, row.seconds + charged.granted);
        } else if (row.status === 'ACTIVE') {
          // The local socket charges as it runs and records the end when it closes; the page's
          // reason (time limit, inactivity, leaving) is the more precise one.
          await endVideoCall(db, row.id, { reason: c.var.body.reason, now });
        }
        const after = await findVideoCallById(db, row.id);
        return c.json(toVideoCall(after ?? row, `/api/calls/video/${row.id}/recording`));
      },
    )
    .post(
      '/calls/video/:id/transcript',
      jsonBody(VideoTranscriptUpdate, { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const row = await ownCall(c);
        if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
        const update = c.var.body;
        await addTranscriptUpdate(db, {
          videoCallId: row.id,
          participant: update.participant,
          text: update.text,
          at: new Date(update.timestamp),
        });
        return c.body(null, 204);
      },
    )
    .post('/calls/video/:id/report', jsonBody(VideoEndReport, { maxBytes: 64 * 1024 }), async (c) => {
      const row = await ownCall(c);
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      const report = c.var.body;
      const stored = await storeEndReport(db, row.id, {
        liveAt: report.liveAt ? new Date(report.liveAt) : null,
        body: report,
      });
      if (stored) await addVideoCallEvents(db, row.id, report.events);
      return c.body(null, stored ? 201 : 200);
    })
    .post(
      '/calls/video/:id/recording/status',
      jsonBody(RecordingStatusUpdate, { maxBytes: config.jsonBodyLimitBytes }),
      async (c) => {
        const row = await ownCall(c);
        if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
        const { status } = c.var.body;
        await setRecordingStatus(db, row.id, status);
        // spec/calls.md §4: a recording that cannot start fails the call (recording-only-failure).
        if (status === 'Failed' && row.status === 'ACTIVE')
          await endVideoCall(db, row.id, { reason: 'recording-only-failure', now: clock.now() });
        return c.body(null, 204);
      },
    )
    .put('/calls/video/:id/recording', async (c) => {
      const row = await ownCall(c);
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      if (!deps.video.recordsInBrowser) return apiError(c, 409, 'This call is recorded by its provider');
      if (row.recording_status === 'Finished') return apiError(c, 409, 'This call already has a recording');
      const durationText = c.req.query('durationMs');
      const durationMs = durationText === undefined ? null : Number(durationText);
      if (
        durationMs !== null &&
        !(Number.isInteger(durationMs) && durationMs >= 0 && durationMs <= 3_700_000)
      )
        return apiError(c, 400, 'durationMs is a whole number of milliseconds up to a little over an hour');
      const bytes = await readBytes(c.req.raw, MAX_RECORDING_BYTES);
      if (bytes === null) return apiError(c, 413, RECORDING_TOO_LARGE);
      const type = recordingType(bytes.subarray(0, 12));
      if (bytes.byteLength < 64 || !type) return apiError(c, 400, RECORDING_NOT_VIDEO);
      const key = `recordings/${row.clone_id}/${row.id}.${type === 'video/webm' ? 'webm' : 'mp4'}`;
      await storage.put(key, bytes, type);
      await finishRecording(db, row.id, { key, contentType: type, durationMs });
      await db.query('UPDATE conversations SET recording_url = $2 WHERE id = $1', [
        row.conversation_id,
        `/api/calls/video/${row.id}/recording`,
      ]);
      const after = await findVideoCallById(db, row.id);
      return c.json(toVideoCall(after ?? row, `/api/calls/video/${row.id}/recording`), 201);
    })
    .get('/calls/video/:id/recording', async (c) => {
      const row = await ownCall(c);
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      return serveRecording(c, row);
    })
    .get('/calls/video/:id/debug', async (c) => {
      const id = c.req.param('id');
      const user = await identityOf(c).user();
      const row = user?.staff && isUuid(id) ? await findVideoCallById(db, id) : null;
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      const answer: VideoCallDebug = {
        ...toVideoCall(row, `/api/calls/video/${row.id}/recording`),
        providerConversationId: row.provider_conversation_id,
        conversationUrl: row.conversation_url,
        liveAt: row.live_at?.toISOString() ?? null,
        events: row.events,
        transcript: (await listTranscriptUpdates(db, row.id)).map((t) => ({
          participant: t.participant,
          text: t.text,
          at: t.at.toISOString(),
        })),
      };
      return c.json(answer);
    })
    .get('/shares/:shareId/video', async (c) => {
      const shareId = c.req.param('shareId');
      const row = SHARE_ID.test(shareId) ? await findSharedVideoCall(db, shareId) : null;
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      c.header('Cache-Control', 'no-store');
      return c.json(toVideoCall(row, `/api/shares/${shareId}/video/recording`));
    })
    .get('/shares/:shareId/video/recording', async (c) => {
      const shareId = c.req.param('shareId');
      const row = SHARE_ID.test(shareId) ? await findSharedVideoCall(db, shareId) : null;
      if (!row) return apiError(c, 404, VIDEO_CALL_NOT_FOUND);
      return serveRecording(c, row);
    });
}

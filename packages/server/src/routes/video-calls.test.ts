import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  CallServerEvent,
  StartVideoCallResponse,
  VIDEO_NOT_ALLOWED,
  VIDEO_QUOTA_EXHAUSTED,
  VIDEO_RATE_LIMITED,
  VideoCall,
} from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { appFromDeps, createDeps } from '../app';
import { voiceSockets } from '../calls/voice-sockets';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { type Listening, listen } from '../process/listen';
import { RECORDING_NOT_VIDEO } from './video-calls';

const config = testConfig();
const SITE = new URL(config.publicUrl).origin;
const speech = loadConfig({}).speech;
/** The first bytes of a WebM file (EBML header), then filler: enough to be taken as a recording. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 7)]);

/** A visitor of this site: a cookie, then requests from this origin. */
async function visitor(base: string) {
  const me = await fetch(`${base}/api/me`);
  const cookie = me.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const send = (method: string, path: string, body?: unknown, type = 'application/json') =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': type, cookie, origin: SITE },
      body:
        body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
  return { cookie, send, start: (body: unknown) => send('POST', '/api/calls/video', body) };
}

/** The socket's server events; `next(type)` waits for the next of that type. */
function open(base: string, path: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`, { headers: { origin: SITE } });
  const events: CallServerEvent[] = [];
  ws.on('message', (data: Buffer, binary: boolean) => {
    if (!binary) events.push(CallServerEvent.parse(JSON.parse(data.toString())));
  });
  const next = async <T extends CallServerEvent['type']>(type: T, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = events.findIndex((e) => e.type === type);
      if (at >= 0) return events.splice(0, at + 1)[at] as Extract<CallServerEvent, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type}; had ${JSON.stringify(events)}`);
      await new Promise((wake) => setTimeout(wake, 50));
    }
  };
  return {
    ws,
    next,
    opened: new Promise<void>((done, fail) => ws.once('open', () => done()).once('error', fail)),
  };
}

describe.skipIf(speech.executable === null)('video calls on the local provider', () => {
  describe.each(testDatabases())('on $name', ({ open: openDb }) => {
    let db: Db;
    let server: Listening;
    let base: string;
    const clock = new ManualClock(new Date());
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;
    const videoSecondsOf = async (conversationId: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT coalesce(sum(u.video_seconds), 0)::int AS n FROM usage_counters u
           JOIN conversations v ON v.clone_id = u.clone_id AND u.subject = 'v:' || v.visitor_id WHERE v.id = $1`,
          [conversationId],
        )
      )[0]?.n;
    const callRow = async (id: string) =>
      (
        await db.query<{ status: string; end_reason: string | null; seconds: number }>(
          'SELECT status, end_reason, seconds FROM video_calls WHERE id = $1',
          [id],
        )
      )[0];

    beforeAll(async () => {
      db = await openDb();
      for (const [slug, minutes] of [
        ['facetime', 2],
        ['hour', -1],
        ['broke', 0],
        ['voiceonly', 2],
        ['busy', 2],
      ] as const) {
        await seedClone(db, slug, { anonymousVideoMinutes: minutes, requireEmail: true });
        if (slug !== 'voiceonly')
          await db.query(`UPDATE clones SET options = options || '{"allowVideo": true}' WHERE slug = $1`, [
            slug,
          ]);
      }
      const deps = createDeps({
        db,
        brain: scriptedBrain(['I build engines ', 'out of brass [1].']),
        config: testConfig({ speech, video: { localMaxCalls: 3 } }),
        logger: silentLogger,
        clock,
      });
      server = await listen(appFromDeps(deps), 0, '127.0.0.1', undefined, voiceSockets(deps)?.upgrade);
      base = `http://127.0.0.1:${server.port}`;
    });
    afterAll(async () => {
      await server.close(100);
      await db.close();
    });

    it('answers the chosen question first, keeps the transcript, and charges video seconds', async () => {
      const { start, send } = await visitor(base);
      const res = await start({ slug: 'facetime', question: 'What are you building?' });
      expect(res.status).toBe(200);
      const call = StartVideoCallResponse.parse(await res.json());
      expect(call.provider).toBe('local');
      expect(call.maxSeconds).toBe(3600);
      const socket = open(base, call.socketPath ?? '');
      await socket.opened;
      expect(await socket.next('transcript')).toMatchObject({ role: 'user', text: 'What are you building?' });
      expect(await socket.next('transcript')).toMatchObject({
        role: 'assistant',
        text: 'I build engines out of brass.',
      });
      clock.advance(20_000);
      socket.ws.send(JSON.stringify({ type: 'end' }));
      const ended = await socket.next('ended');
      expect(ended.seconds).toBeGreaterThanOrEqual(20);
      await new Promise((wake) => setTimeout(wake, 200));
      expect(await videoSecondsOf(call.conversationId)).toBe(ended.seconds);
      expect(await callRow(call.videoCallId)).toEqual({
        status: 'ENDED',
        end_reason: 'hangup',
        seconds: ended.seconds,
      });
      const [conversation] = await db.query<{ medium: string }>(
        'SELECT medium FROM conversations WHERE id = $1',
        [call.conversationId],
      );
      expect(conversation?.medium).toBe('VIDEO');
      const lines = await db.query<{ participant: string }>(
        'SELECT participant FROM video_transcript_updates WHERE video_call_id = $1 ORDER BY id',
        [call.videoCallId],
      );
      expect(lines.map((l) => l.participant)).toEqual(['user', 'replica']);
      const got = VideoCall.parse(await (await send('GET', `/api/calls/video/${call.videoCallId}`)).json());
      expect(got).toMatchObject({ status: 'ENDED', recordingStatus: 'Idle', recordingUrl: null });
    });

    it('ends at the 1-hour limit, charging no more than 3600 s', async () => {
      const { start } = await visitor(base);
      const call = StartVideoCallResponse.parse(await (await start({ slug: 'hour' })).json());
      const socket = open(base, call.socketPath ?? '');
      await socket.opened;
      clock.advance(3_700_000);
      const ended = await socket.next('ended', 15_000);
      expect(ended.reason).toBe('time-limit');
      expect(ended.seconds).toBe(3600);
      await new Promise((wake) => setTimeout(wake, 200));
      expect(await callRow(call.videoCallId)).toEqual({
        status: 'ENDED',
        end_reason: 'time-limit',
        seconds: 3600,
      });
    });

    it('refuses no time left (402, the §5 message), a clone without video, bad input, a stranger; nothing written', async () => {
      const { start } = await visitor(base);
      const before = [await count('conversations'), await count('video_calls')];
      const broke = await start({ slug: 'broke' });
      expect(broke.status).toBe(402);
      expect(ApiError.parse(await broke.json()).error).toBe(VIDEO_QUOTA_EXHAUSTED);
      const voiceOnly = await start({ slug: 'voiceonly' });
      expect(voiceOnly.status).toBe(403);
      expect(ApiError.parse(await voiceOnly.json()).error).toBe(VIDEO_NOT_ALLOWED);
      expect((await start({ slug: 'nobody' })).status).toBe(404);
      expect((await start({ slug: 'facetime', instanceSlug: 'nowhere' })).status).toBe(404);
      for (const body of [
        {},
        { slug: 'facetime', question: '   ' },
        { slug: 'facetime', question: 'x'.repeat(501) },
      ])
        expect((await start(body)).status).toBe(400);
      const stranger = await fetch(`${base}/api/calls/video`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: 'facetime' }),
      });
      expect(stranger.status).toBe(401);
      expect([await count('conversations'), await count('video_calls')]).toEqual(before);
    });

    it("answers 'Rate limited' when the local calls are all taken, writing nothing", async () => {
      const running = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM video_calls WHERE status = 'ACTIVE'`,
      );
      const { start } = await visitor(base);
      const started: StartVideoCallResponse[] = [];
      for (let i = running[0]?.n ?? 0; i < 3; i += 1)
        started.push(StartVideoCallResponse.parse(await (await start({ slug: 'busy' })).json()));
      const before = [await count('conversations'), await count('video_calls')];
      const full = await start({ slug: 'busy' });
      expect(full.status).toBe(429);
      expect(ApiError.parse(await full.json()).error).toBe(VIDEO_RATE_LIMITED);
      expect([await count('conversations'), await count('video_calls')]).toEqual(before);
      // A call that ends frees its place.
      const { send } = await visitor(base);
      expect(
        (await send('POST', `/api/calls/video/${started[0]?.videoCallId}/end`, { reason: 'hangup' })).status,
      ).toBe(404);
      await db.query(`UPDATE video_calls SET status = 'ENDED' WHERE status = 'ACTIVE'`);
      expect((await start({ slug: 'busy' })).status).toBe(200);
      await db.query(`UPDATE video_calls SET status = 'ENDED' WHERE status = 'ACTIVE'`);
    });

    it('keeps the recording, the report and transcript updates for the owner only; the share plays it', async () => {
      const owner = await visitor(base);
      const stranger = await visitor(base);
      const call = StartVideoCallResponse.parse(await (await owner.start({ slug: 'facetime' })).json());
      const path = `/api/calls/video/${call.videoCallId}`;
      // Another visitor reaches nothing of it.
      expect((await stranger.send('GET', path)).status).toBe(404);
      expect((await stranger.send('POST', `${path}/end`, { reason: 'hangup' })).status).toBe(404);
      expect(
        (await stranger.send('PUT', `${path}/recording?durationMs=5000`, WEBM, 'video/webm')).status,
      ).toBe(404);
      expect(
        (await stranger.send('POST', `${path}/transcript`, { text: 'hi', participant: 'user', timestamp: 1 }))
          .status,
      ).toBe(404);
      expect((await stranger.send('POST', `${path}/report`, { reason: 'hangup', endedAt: 1 })).status).toBe(
        404,
      );
      expect((await stranger.send('GET', `${path}/debug`)).status).toBe(404);
      // Bad input: refused, nothing kept.
      expect((await owner.send('POST', `${path}/end`, { reason: 'bored' })).status).toBe(400);
      expect((await owner.send('PUT', `${path}/recording`, Buffer.alloc(300, 1), 'video/webm')).status).toBe(
        400,
      );
      expect(
        ApiError.parse(
          await (await owner.send('PUT', `${path}/recording`, Buffer.alloc(300, 1), 'video/webm')).json(),
        ).error,
      ).toBe(RECORDING_NOT_VIDEO);
      expect((await owner.send('PUT', `${path}/recording?durationMs=-4`, WEBM, 'video/webm')).status).toBe(
        400,
      );
      expect(
        (await owner.send('POST', `${path}/transcript`, { text: '', participant: 'user', timestamp: 1 }))
          .status,
      ).toBe(400);
      expect((await owner.send('POST', `${path}/report`, { reason: 'hangup' })).status).toBe(400);
      expect(VideoCall.parse(await (await owner.send('GET', path)).json()).recordingStatus).toBe('Idle');

      // The page ends it (leaving: the more precise reason), reports, records, uploads.
      expect((await owner.send('POST', `${path}/end`, { reason: 'left' })).status).toBe(200);
      expect((await callRow(call.videoCallId))?.end_reason).toBe('left');
      const report = { reason: 'left', liveAt: 1000, endedAt: 5000, events: [{ at: 1000, name: 'live' }] };
      expect((await owner.send('POST', `${path}/report`, report)).status).toBe(201);
      expect((await owner.send('POST', `${path}/report`, report)).status).toBe(200);
      const update = { text: 'Hello there', participant: 'user', timestamp: 2000 };
      expect((await owner.send('POST', `${path}/transcript`, update)).status).toBe(204);
      expect((await owner.send('POST', `${path}/transcript`, update)).status).toBe(204);
      expect(
        (
          await db.query('SELECT 1 FROM video_transcript_updates WHERE video_call_id = $1', [
            call.videoCallId,
          ])
        ).length,
      ).toBe(1);
      expect((await owner.send('POST', `${path}/recording/status`, { status: 'Pending' })).status).toBe(204);
      const stored = await owner.send('PUT', `${path}/recording?durationMs=5000`, WEBM, 'video/webm');
      expect(stored.status).toBe(201);
      const got = VideoCall.parse(await stored.json());
      expect(got).toMatchObject({
        recordingStatus: 'Finished',
        recordingDurationMs: 5000,
        recordingUrl: `${path}/recording`,
      });
      const played = await owner.send('GET', `${path}/recording`);
      expect(played.headers.get('content-type')).toBe('video/webm');
      expect(Buffer.from(await played.arrayBuffer()).equals(WEBM)).toBe(true);
      expect((await stranger.send('GET', `${path}/recording`)).status).toBe(404);
      expect((await owner.send('PUT', `${path}/recording`, WEBM, 'video/webm')).status).toBe(409);

      // Shared: anyone with the link sees the call and plays the recording.
      const share = await owner.send('POST', `/api/conversations/${call.conversationId}/share`, {});
      expect(share.status).toBe(200);
      const { shareId } = (await share.json()) as { shareId: string };
      const shared = VideoCall.parse(
        await (await stranger.send('GET', `/api/shares/${shareId}/video`)).json(),
      );
      expect(shared.recordingUrl).toBe(`/api/shares/${shareId}/video/recording`);
      const sharedPlay = await stranger.send('GET', shared.recordingUrl ?? '');
      expect(Buffer.from(await sharedPlay.arrayBuffer()).equals(WEBM)).toBe(true);
      expect((await stranger.send('GET', '/api/shares/nosuchshare1/video')).status).toBe(404);
    });

    it('fails the call when its recording cannot start (recording-only-failure)', async () => {
      const owner = await visitor(base);
      const call = StartVideoCallResponse.parse(await (await owner.start({ slug: 'facetime' })).json());
      const path = `/api/calls/video/${call.videoCallId}`;
      expect((await owner.send('POST', `${path}/recording/status`, { status: 'Failed' })).status).toBe(204);
      expect(await callRow(call.videoCallId)).toMatchObject({
        status: 'FAILED',
        end_reason: 'recording-only-failure',
      });
    });
  });
});

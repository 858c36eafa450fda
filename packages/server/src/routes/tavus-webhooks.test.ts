import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  StartVideoCallResponse,
  VIDEO_QUOTA_EXHAUSTED,
  VIDEO_RATE_LIMITED,
  VideoCall,
} from '@doppel/protocol';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { appFromDeps, createDeps } from '../app';
import { silentLogger } from '../logger';
import { type Listening, listen } from '../process/listen';
import {
  LOCAL_TAVUS_KEY,
  LOCAL_TAVUS_REPLICA,
  type LocalTavus,
  startLocalTavus,
} from '../providers/tavus/local-tavus';

const config = testConfig();
const SITE = new URL(config.publicUrl).origin;

/** A visitor of this site: a cookie, then requests from this origin. */
async function visitor(base: string) {
  const me = await fetch(`${base}/api/me`);
  const cookie = me.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, origin: SITE },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { send, start: (body: unknown) => send('POST', '/api/calls/video', body) };
}

describe.each(testDatabases())('Tavus video calls and their callbacks on $name', ({ open }) => {
  let db: Db;
  let server: Listening;
  let base = '';
  let tavus: LocalTavus;
  const clock = new ManualClock(new Date());
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;
  const videoSeconds = async (slug: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT coalesce(sum(u.video_seconds), 0)::int AS n FROM usage_counters u JOIN clones c ON c.id = u.clone_id
         WHERE c.slug = $1`,
        [slug],
      )
    )[0]?.n;
  const callRow = async (id: string) =>
    (
      await db.query<{ status: string; end_reason: string | null; seconds: number; live: boolean }>(
        'SELECT status, end_reason, seconds, live_at IS NOT NULL AS live FROM video_calls WHERE id = $1',
        [id],
      )
    )[0];
  const transcript = async (id: string) =>
    db.query<{ participant: string; text: string }>(
      'SELECT participant, text FROM video_transcript_updates WHERE video_call_id = $1 ORDER BY at, id',
      [id],
    );
  /** Starts a call as a visitor of `slug`. */
  const startCall = async (slug: string, question: string | null = null) => {
    const who = await visitor(base);
    const res = await who.start({ slug, question });
    expect(res.status).toBe(200);
    return { who, call: StartVideoCallResponse.parse(await res.json()) };
  };
  const callbackUrlOf = (providerConversationId: string) =>
    tavus.conversations.get(providerConversationId)?.request.callback_url ?? '';
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    db = await open();
    for (const slug of ['studio', 'quiet', 'other', 'broke']) {
      await seedClone(db, slug, { anonymousVideoMinutes: slug === 'broke' ? 0 : 10, requireEmail: true });
      await db.query(`UPDATE clones SET options = options || '{"allowVideo": true}' WHERE slug = $1`, [slug]);
    }
    tavus = await startLocalTavus({ now: clock.now });
    // The app's address is known once it listens; Tavus is told it (the persona's LLM, the callbacks).
    let inner: Hono | null = null;
    const outer = new Hono().all('*', (c) => (inner ? inner.fetch(c.req.raw) : c.text('starting', 503)));
    server = await listen(outer, 0, '127.0.0.1');
    base = `http://127.0.0.1:${server.port}`;
    const deps = createDeps({
      db,
      brain: scriptedBrain(['Bees cluster ', 'and shiver.']),
      config: testConfig({
        offered: { ...config.offered, videoCall: true },
        configured: { ...config.configured, tavus: true },
        tavus: {
          apiKey: LOCAL_TAVUS_KEY,
          replicaId: LOCAL_TAVUS_REPLICA,
          baseUrl: tavus.url,
          recordingRoleArn: null,
          publicUrl: base,
        },
      }),
      logger: silentLogger,
      clock,
    });
    inner = appFromDeps(deps);
  });
  afterAll(async () => {
    await tavus.close();
    await server.close(100);
    await db.close();
  });

  it('starts a Tavus conversation, and its callbacks make it live, end it at the hour and keep the transcript', async () => {
    const { call } = await startCall('studio', 'What do bees do in winter?');
    expect(call.provider).toBe('tavus');
    expect(call.socketPath).toBeNull();
    expect(call.providerRecords).toBe(false);
    expect(call.conversationUrl).toBe(`https://tavus.daily.co/${call.providerConversationId}`);
    const id = call.providerConversationId ?? '';
    expect(tavus.conversations.get(id)?.request.conversational_context).toContain(
      'What do bees do in winter?',
    );

    const joined = await tavus.replicaJoins(id);
    expect(joined.status).toBe(200);
    expect((await callRow(call.videoCallId))?.live).toBe(true);
    // The replica's language model is this server's brain, through the persona's key.
    expect(await tavus.visitorSays(id, 'What do bees do in winter?')).toBe('Bees cluster and shiver.');

    clock.advance(90_000);
    const [shutdown, transcribed] = await tavus.shutdown(id, 'max_call_duration reached');
    expect([shutdown?.status, transcribed?.status]).toEqual([200, 200]);
    expect(await callRow(call.videoCallId)).toEqual({
      status: 'ENDED',
      end_reason: 'time-limit',
      seconds: 90,
      live: true,
    });
    // The first second was charged at the start; the rest from the real duration.
    expect(await videoSeconds('studio')).toBe(90);
    expect(await transcript(call.videoCallId)).toEqual([
      { participant: 'user', text: 'What do bees do in winter?' },
      { participant: 'replica', text: 'Bees cluster and shiver.' },
    ]);

    // Tavus delivering the same callbacks again changes nothing.
    for (const delivery of [shutdown, transcribed]) {
      const again = await post(delivery?.url ?? '', delivery?.body);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await videoSeconds('studio')).toBe(90);
    expect(await transcript(call.videoCallId)).toHaveLength(2);
    expect(await count('tavus_callbacks')).toBe(3);
  });

  it('refuses a callback without the call’s token (401), a body that is no callback (400), another conversation’s (404): nothing written', async () => {
    const { call } = await startCall('quiet');
    const id = call.providerConversationId ?? '';
    const url = callbackUrlOf(id);
    const body = {
      properties: { replica_id: LOCAL_TAVUS_REPLICA, shutdown_reason: 'participant_left_timeout' },
      conversation_id: id,
      webhook_url: url,
      message_type: 'system',
      event_type: 'system.shutdown',
      timestamp: clock.now().toISOString(),
    };
    const before = await count('tavus_callbacks');
    const bare = url.replace(/\?token=.*/, '');
    expect((await post(bare, body)).status).toBe(401);
    expect((await post(`${bare}?token=forged`, body)).status).toBe(401);
    // Another call's token does not open this call.
    const other = await startCall('other');
    const otherUrl = callbackUrlOf(other.call.providerConversationId ?? '');
    expect((await post(otherUrl.replace(other.call.videoCallId, call.videoCallId), body)).status).toBe(401);
    expect((await post(`${base}/api/webhooks/tavus/not-a-call?token=x`, body)).status).toBe(401);
    expect((await post(url, '{"conversation_id":')).status).toBe(400);
    expect((await post(url, { ...body, message_type: 'nonsense' })).status).toBe(400);
    expect(
      (await post(url, { ...body, event_type: 'application.transcription_ready', properties: {} })).status,
    ).toBe(400);
    // This call's token with another conversation's id.
    expect((await post(otherUrl, body)).status).toBe(404);
    expect(await count('tavus_callbacks')).toBe(before);
    expect((await callRow(call.videoCallId))?.status).toBe('ACTIVE');
    expect((await callRow(other.call.videoCallId))?.status).toBe('ACTIVE');

    // The right one ends the call as inactivity.
    expect((await post(url, body)).status).toBe(200);
    expect(await callRow(call.videoCallId)).toMatchObject({ status: 'ENDED', end_reason: 'inactivity' });
  });

  it('a call the page ends is ended at Tavus and charged once, whatever Tavus reports after', async () => {
    const { who, call } = await startCall('other');
    const id = call.providerConversationId ?? '';
    clock.advance(30_000);
    // Another visitor cannot end it.
    const stranger = await visitor(base);
    expect(
      (await stranger.send('POST', `/api/calls/video/${call.videoCallId}/end`, { reason: 'hangup' })).status,
    ).toBe(404);
    expect(tavus.conversations.get(id)?.status).toBe('active');
    const before = await videoSeconds('other');
    const ended = await who.send('POST', `/api/calls/video/${call.videoCallId}/end`, { reason: 'hangup' });
    expect(ended.status).toBe(200);
    expect(VideoCall.parse(await ended.json())).toMatchObject({
      status: 'ENDED',
      endReason: 'hangup',
      seconds: 30,
    });
    expect(tavus.conversations.get(id)?.status).toBe('ended');
    await tavus.settled();
    const shutdown = tavus.deliveries.find(
      (d) => d.conversationId === id && d.eventType === 'system.shutdown',
    );
    expect(shutdown?.status).toBe(200);
    expect(await videoSeconds('other')).toBe((before ?? 0) + 29);
    expect(await callRow(call.videoCallId)).toMatchObject({
      status: 'ENDED',
      end_reason: 'hangup',
      seconds: 30,
    });
  });

  it("answers 429 'Rate limited' when Tavus's account is full, and writes nothing", async () => {
    tavus.maxConcurrent = [...tavus.conversations.values()].filter((c) => c.status === 'active').length;
    const calls = await count('video_calls');
    const conversations = await count('conversations');
    const seconds = await videoSeconds('studio');
    const res = await (await visitor(base)).start({ slug: 'studio' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: VIDEO_RATE_LIMITED });
    expect(await count('video_calls')).toBe(calls);
    expect(await count('conversations')).toBe(conversations);
    // The first second, charged before Tavus was asked, went back.
    expect(await videoSeconds('studio')).toBe(seconds);
    tavus.maxConcurrent = 50;
  });

  it('answers 402 to a visitor with no video minutes left before asking Tavus for anything: no call, no conversation, no persona', async () => {
    const calls = await count('video_calls');
    const conversations = tavus.conversations.size;
    const personas = tavus.personas.size;
    const res = await (await visitor(base)).start({ slug: 'broke' });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: VIDEO_QUOTA_EXHAUSTED });
    expect(await count('video_calls')).toBe(calls);
    expect(tavus.conversations.size).toBe(conversations);
    expect(tavus.personas.size).toBe(personas);
    expect(await videoSeconds('broke')).toBe(0);
  });

  it('the page’s end and Tavus’s shutdown callback at the same moment charge the call once', async () => {
    const { who, call } = await startCall('quiet');
    const id = call.providerConversationId ?? '';
    expect((await tavus.replicaJoins(id)).status).toBe(200);
    clock.advance(40_000);
    const before = await videoSeconds('quiet');
    const shutdown = {
      properties: { replica_id: LOCAL_TAVUS_REPLICA, shutdown_reason: 'participant_left_timeout' },
      conversation_id: id,
      webhook_url: callbackUrlOf(id),
      message_type: 'system',
      event_type: 'system.shutdown',
      timestamp: clock.now().toISOString(),
    };
    const [ended, delivered] = await Promise.all([
      who.send('POST', `/api/calls/video/${call.videoCallId}/end`, { reason: 'hangup' }),
      post(callbackUrlOf(id), shutdown),
    ]);
    expect([ended.status, delivered.status]).toEqual([200, 200]);
    await tavus.settled();
    // One end won; the 39 s after the first are charged by it alone.
    expect(await videoSeconds('quiet')).toBe((before ?? 0) + 39);
    expect(await callRow(call.videoCallId)).toMatchObject({ status: 'ENDED', seconds: 40 });
  });

  it('offers video calls to a clone in any language (Tavus hears them all), unlike the local pipeline', async () => {
    await db.query(`UPDATE clones SET language = 'French' WHERE slug = 'quiet'`);
    const profile = await (await fetch(`${base}/api/clones/quiet`)).json();
    expect(profile.features.videoCall).toBe(true);
  });

  it('keeps no recording this deployment cannot play (no S3 storage): it is Failed', async () => {
    const { call } = await startCall('studio');
    const id = call.providerConversationId ?? '';
    const delivery = await tavus.recordingReady(id, `recordings/${id}.mp4`, 42);
    expect(delivery.status).toBe(200);
    const [row] = await db.query<{ recording_status: string; recording_key: string | null }>(
      'SELECT recording_status, recording_key FROM video_calls WHERE id = $1',
      [call.videoCallId],
    );
    expect(row).toEqual({ recording_status: 'Failed', recording_key: null });
  });
});

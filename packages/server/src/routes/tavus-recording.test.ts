import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { StartVideoCallResponse, VideoCall } from '@doppel/protocol';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { ManualClock, testConfig } from '../../test/support/harness';
import { LOCAL_S3_BUCKET, startLocalS3 } from '../../test/support/local-s3';
import { seedClone } from '../../test/support/seed';
import { appFromDeps, createDeps } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from '../deps';
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
const ROLE = 'arn:aws:iam::123456789012:role/CVIRecordingRole';
/** The first bytes of an MP4 file (`ftyp` box), then filler. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.alloc(200, 3)]);

async function visitor(base: string) {
  const me = await fetch(`${base}/api/me`);
  const cookie = me.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, origin: SITE },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

describe.each(testDatabases())('a Tavus call recorded into the S3 storage bucket on $name', ({ open }) => {
  let db: Db;
  let server: Listening;
  let base = '';
  let tavus: LocalTavus;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let deps: AppDeps;

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'studio', { anonymousVideoMinutes: 10, requireEmail: true });
    await db.query(`UPDATE clones SET options = options || '{"allowVideo": true}' WHERE slug = 'studio'`);
    s3 = await startLocalS3();
    const clock = new ManualClock(new Date());
    tavus = await startLocalTavus({ now: clock.now });
    let inner: Hono | null = null;
    server = await listen(
      new Hono().all('*', (c) => (inner ? inner.fetch(c.req.raw) : c.text('starting', 503))),
      0,
      '127.0.0.1',
    );
    base = `http://127.0.0.1:${server.port}`;
    deps = createDeps({
      db,
      brain: scriptedBrain(['Hello.']),
      config: testConfig({
        offered: { ...config.offered, videoCall: true },
        storage: loadConfig(s3.env).storage,
        tavus: {
          apiKey: LOCAL_TAVUS_KEY,
          replicaId: LOCAL_TAVUS_REPLICA,
          baseUrl: tavus.url,
          recordingRoleArn: ROLE,
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
    await s3.close();
    await db.close();
  });

  it('asks Tavus to record into the bucket; the recording it reports plays for the owner only', async () => {
    const send = await visitor(base);
    const res = await send('POST', '/api/calls/video', { slug: 'studio' });
    expect(res.status).toBe(200);
    const call = StartVideoCallResponse.parse(await res.json());
    const id = call.providerConversationId ?? '';
    // The page starts Daily's recording when the call is live: Tavus records it.
    expect(call.providerRecords).toBe(true);
    expect(tavus.conversations.get(id)?.request.properties).toMatchObject({
      enable_recording: true,
      recording_s3_bucket_name: LOCAL_S3_BUCKET,
      recording_s3_bucket_region: 'us-east-1',
      aws_assume_role_arn: ROLE,
    });
    // Tavus writes the recording into the bucket, then says so.
    const key = `tavus/${id}/recording.mp4`;
    await deps.storage.put(key, MP4, 'video/mp4');
    expect((await tavus.recordingReady(id, key, 42.5)).status).toBe(200);

    const got = VideoCall.parse(await (await send('GET', `/api/calls/video/${call.videoCallId}`)).json());
    expect(got).toMatchObject({ recordingStatus: 'Finished', recordingDurationMs: 42_500 });
    const video = await send('GET', got.recordingUrl ?? '');
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer()).equals(MP4)).toBe(true);
    const [conversation] = await db.query<{ recording_url: string | null }>(
      'SELECT recording_url FROM conversations WHERE id = $1',
      [call.conversationId],
    );
    expect(conversation?.recording_url).toBe(`/api/calls/video/${call.videoCallId}/recording`);
    const stranger = await visitor(base);
    expect((await stranger('GET', `/api/calls/video/${call.videoCallId}/recording`)).status).toBe(404);
  });
});

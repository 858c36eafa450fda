import { join } from 'node:path';
import { createLocalBrain, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { VapiVoiceCall } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { appFromDeps, createDeps } from '../app';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { type Listening, listen } from '../process/listen';
import {
  endOfCallReport,
  LOCAL_VAPI_PRIVATE_KEY,
  LOCAL_VAPI_PUBLIC_KEY,
  type LocalVapi,
  startLocalVapi,
} from '../providers/vapi/local-vapi';
import { VOICE_PROVIDER_FAILED } from '../routes/calls';
import { BAD_VAPI_SECRET, UNKNOWN_VAPI_CALL } from '../routes/vapi-webhook';
import { insertEmbedConfig } from '../store/embed-configs';

const folder = join(import.meta.dirname, '../../test/fixtures/mini-clone');
const SECRET = 'vapi-webhook-secret-for-tests';
/** The parts of the assistant the double saw that the tests read by name. */
const Seen = z
  .object({
    model: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }).loose(),
    voice: z.object({ fallbackPlan: z.object({ voices: z.array(z.unknown()) }) }).loose(),
    transcriber: z.unknown(),
    maxDurationSeconds: z.number(),
  })
  .loose();

describe('the Vapi settings', () => {
  it('are three keys set together; they offer voice calls even without the local recogniser', () => {
    const on = loadConfig({
      VAPI_PRIVATE_KEY: 'priv',
      VAPI_PUBLIC_KEY: 'pub',
      VAPI_SERVER_SECRET: 's',
      VAPI_BASE_URL: 'http://127.0.0.1:1/',
      POCKETSPHINX_PATH: 'off',
    });
    expect(on.vapi).toEqual({
      privateKey: 'priv',
      publicKey: 'pub',
      serverSecret: 's',
      baseUrl: 'http://127.0.0.1:1',
    });
    expect(on.configured.vapi).toBe(true);
    expect(on.offered.voiceCall).toBe(true);
    const off = loadConfig({ POCKETSPHINX_PATH: 'off' });
    expect(off.configured.vapi).toBe(false);
    expect(off.offered.voiceCall).toBe(false);
    expect(() => loadConfig({ VAPI_PRIVATE_KEY: 'priv' })).toThrow(/VAPI_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPI_BASE_URL: 'not a url' })).toThrow(/VAPI_BASE_URL/);
  });
});

describe.each(testDatabases())('browser voice calls on Vapi, on $name', ({ open }) => {
  let db: Db;
  let vapi: LocalVapi;
  let server: Listening;
  let base = '';
  let site = '';
  const clock = new ManualClock(new Date());

  /** A visitor of the site: its cookie, and a call start as its page makes it. */
  const visitor = async () => {
    const me = await fetch(`${base}/api/me`);
    const cookie = me.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const start = (body: unknown) =>
      fetch(`${base}/api/calls/voice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: site },
        body: JSON.stringify(body),
      });
    return { cookie, start };
  };
  const report = (body: unknown, secret: string | null = SECRET) =>
    fetch(`${base}/api/webhooks/vapi`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-vapi-secret': secret }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const voiceSeconds = async (conversationId: string) => {
    const rows = await db.query<{ n: number }>(
      `SELECT coalesce(sum(u.voice_seconds), 0)::int AS n FROM usage_counters u
       JOIN conversations v ON v.clone_id = u.clone_id AND u.subject = 'v:' || v.visitor_id WHERE v.id = $1`,
      [conversationId],
    );
    return rows[0]?.n ?? -1;
  };
  const messagesOf = (conversationId: string) =>
    db.query<{ sender: string; text: string }>(
      'SELECT sender, text FROM messages WHERE conversation_id = $1 ORDER BY created_at, id',
      [conversationId],
    );
  const started = async (slug: string, extra: Record<string, unknown> = {}) => {
    const who = await visitor();
    const res = await who.start({ slug, ...extra });
    expect(res.status).toBe(200);
    const call = VapiVoiceCall.parse(await res.json());
    const made = vapi.calls.get(call.webCall.id);
    if (!made?.assistant) throw new Error('the double saw no assistant');
    return { who, call, made, assistant: Seen.parse(made.assistant) };
  };

  beforeAll(async () => {
    db = await open();
    vapi = await startLocalVapi();
    await importClone(db, folder);
    await db.query(`UPDATE clones SET options = options || '{"allowVoice": true}' WHERE slug = 'mini'`);
    // One anonymous minute, the quota applying (requireEmail).
    await seedClone(db, 'minute', { anonymousVoiceMinutes: 1, requireEmail: true });
    await db.query(`UPDATE clones SET options = options || '{"allowVoice": true}' WHERE slug = 'minute'`);
    await db.query(
      `UPDATE clones SET voice = '{"provider":"cartesia","voiceId":"c-1","model":null}' WHERE slug = 'minute'`,
    );
    const config = testConfig({
      vapi: {
        privateKey: LOCAL_VAPI_PRIVATE_KEY,
        publicKey: LOCAL_VAPI_PUBLIC_KEY,
        serverSecret: SECRET,
        baseUrl: vapi.url,
      },
      offered: { ...testConfig().offered, voiceCall: true },
    });
    site = new URL(config.publicUrl).origin;
    const deps = createDeps({ db, brain: createLocalBrain(db), config, logger: silentLogger, clock });
    server = await listen(appFromDeps(deps), 0, '127.0.0.1');
    base = `http://127.0.0.1:${server.port}`;
    // Vapi reaches this server at its public address: here, where it listens.
    config.publicUrl = base;
  });
  afterAll(async () => {
    await server.close(100);
    await vapi.close();
    await db.close();
  });

  it('starts the call on Vapi with the private key and the assistant of spec/calls.md §7 and §9', async () => {
    const { call, made, assistant } = await started('mini', { language: 'fr' });
    expect(made.key).toBe('private');
    expect(call.publicKey).toBe(LOCAL_VAPI_PUBLIC_KEY);
    expect(call.baseUrl).toBe(vapi.url);
    expect(call.webCall.webCallUrl).toMatch(/^https:\/\/vapi\.daily\.co\//);
    expect(assistant.transcriber).toEqual({
      provider: 'deepgram',
      model: 'nova-2',
      language: 'fr',
      endpointing: 500,
    });
    expect(assistant.voice).toMatchObject({
      provider: '11labs',
      model: 'eleven_turbo_v2_5',
      optimizeStreamingLatency: 3,
      enableSsmlParsing: true,
    });
    expect(assistant.voice.fallbackPlan.voices).toHaveLength(3);
    expect(assistant).toMatchObject({
      silenceTimeoutSeconds: 60,
      maxDurationSeconds: 21_600,
      startSpeakingPlan: {
        waitSeconds: 0.25,
        smartEndpointingEnabled: false,
        transcriptionEndpointingPlan: {
          onPunctuationSeconds: 0.25,
          onNoPunctuationSeconds: 1.5,
          onNumberSeconds: 0.25,
        },
      },
      stopSpeakingPlan: { numWords: 3 },
      hooks: [{ on: 'customer.speech.timeout', options: { timeoutSeconds: 30, triggerMaxCount: 2 } }],
      serverMessages: ['end-of-call-report'],
      server: { url: `${base}/api/webhooks/vapi`, headers: { 'X-Vapi-Secret': SECRET } },
      model: { provider: 'custom-llm', url: `${base}/api/openai/v1/vapi`, model: 'mini', timeoutSeconds: 30 },
      metadata: {
        cloneSlug: 'mini',
        userId: null,
        instanceId: null,
        relationshipId: null,
        conversationId: call.conversationId,
        medium: 'BROWSER_VOICE',
      },
    });
    // The browser gets nothing secret: no brain key, no webhook secret.
    const answered = JSON.stringify(call);
    expect(answered).not.toContain(SECRET);
    expect(answered).not.toContain(LOCAL_VAPI_PRIVATE_KEY);
    expect(answered).not.toContain((assistant.model.headers.Authorization ?? 'missing').slice(7));
  });

  it("speaks the clone's own voice with its provider's model, and English with nova-3", async () => {
    const { assistant } = await started('minute');
    expect(assistant.transcriber).toMatchObject({ provider: 'deepgram', model: 'nova-3', language: 'en' });
    expect(assistant.voice).toMatchObject({ provider: 'cartesia', voiceId: 'c-1', model: 'sonic-english' });
  });

  it('answers Vapi as its custom LLM with the call’s key, then stores the report once: transcript, recording, seconds', async () => {
    const { who, call, assistant } = await started('mini');
    const completion = await fetch(`${assistant.model.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...assistant.model.headers },
      body: JSON.stringify({
        model: 'mini',
        messages: [{ role: 'user', content: 'What do bees do in winter?' }],
      }),
    });
    expect(completion.status).toBe(200);
    const answer = ((await completion.json()) as { choices: { message: { content: string } }[] }).choices[0]
      ?.message.content;
    expect(answer).toMatch(/\w/);

    const lines = [
      { role: 'user' as const, message: 'What do bees do in winter?' },
      { role: 'bot' as const, message: answer ?? '' },
    ];
    expect(
      await vapi.endCall(call.webCall.id, {
        seconds: 42,
        messages: lines,
        recordingUrl: 'https://storage.vapi.ai/rec.wav',
      }),
    ).toBe(200);
    expect(await messagesOf(call.conversationId)).toEqual([
      { sender: 'USER', text: 'What do bees do in winter?' },
      { sender: 'CLONE', text: answer },
    ]);
    expect(await voiceSeconds(call.conversationId)).toBe(42);
    const transcript = await fetch(`${base}/api/conversations/${call.conversationId}`, {
      headers: { cookie: who.cookie },
    });
    expect(await transcript.json()).toMatchObject({
      medium: 'BROWSER_VOICE',
      recordingUrl: 'https://storage.vapi.ai/rec.wav',
      title: 'What do bees do in winter?',
    });
    // Another visitor does not see it.
    const other = await visitor();
    expect(
      (await fetch(`${base}/api/conversations/${call.conversationId}`, { headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);

    // A replay changes nothing.
    expect(await vapi.endCall(call.webCall.id, { seconds: 42, messages: lines })).toBe(200);
    expect(await messagesOf(call.conversationId)).toHaveLength(2);
    expect(await voiceSeconds(call.conversationId)).toBe(42);
    // The call's brain key died with it.
    const after = await fetch(`${assistant.model.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...assistant.model.headers },
      body: JSON.stringify({ model: 'mini', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(after.status).toBe(401);
  });

  it('charges no more than the quota, whatever the call lasted', async () => {
    const { call } = await started('minute');
    expect(await vapi.endCall(call.webCall.id, { seconds: 600, messages: [] })).toBe(200);
    expect(await voiceSeconds(call.conversationId)).toBe(60);
  });

  it("keeps an embed configuration's call limit: Vapi's longest call, and the most charged", async () => {
    const [clone] = await db.query<{ id: string }>("SELECT id FROM clones WHERE slug = 'mini'");
    await insertEmbedConfig(db, {
      instanceId: null,
      allowedOrigins: [],
      whitelabel: {},
      mode: {},
      colours: {},
      id: 'three-minutes',
      cloneId: clone?.id ?? '',
      callLimitSeconds: 180,
    });
    const { call, assistant } = await started('mini', { configId: 'three-minutes' });
    expect(call.callLimitSeconds).toBe(180);
    expect(assistant.maxDurationSeconds).toBe(180);
    expect(await vapi.endCall(call.webCall.id, { seconds: 400, messages: [] })).toBe(200);
    expect(await voiceSeconds(call.conversationId)).toBe(180);
  });

  it('refuses a report without the secret (401) or malformed (400), and one of a call it never started (404): nothing stored', async () => {
    const { call, made } = await started('mini');
    const body = endOfCallReport(made, { seconds: 30, messages: [{ role: 'user', message: 'Hello there' }] });
    for (const secret of [null, 'wrong', `${SECRET}x`]) {
      const res = await report(body, secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: BAD_VAPI_SECRET });
    }
    expect((await report('{not json')).status).toBe(400);
    expect((await report({ nothing: true })).status).toBe(400);
    expect((await report({ message: { type: 'end-of-call-report', call: {} } })).status).toBe(400);
    const stranger = structuredClone(body);
    stranger.message.call.id = '00000000-0000-4000-8000-000000000000';
    const unknown = await report(stranger);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: UNKNOWN_VAPI_CALL });
    expect(await messagesOf(call.conversationId)).toEqual([]);
    expect(await voiceSeconds(call.conversationId)).toBe(1);
    const ended = await db.query('SELECT 1 FROM vapi_calls WHERE call_id = $1 AND ended_at IS NOT NULL', [
      call.webCall.id,
    ]);
    expect(ended).toEqual([]);
    // Other server messages are acknowledged and ignored.
    expect((await report({ message: { type: 'status-update', status: 'in-progress' } })).status).toBe(200);
    // The real report still lands.
    expect((await report(body)).status).toBe(200);
    expect(await messagesOf(call.conversationId)).toEqual([{ sender: 'USER', text: 'Hello there' }]);
    expect(await voiceSeconds(call.conversationId)).toBe(30);
  });

  it('answers 400 for a bad language and writes nothing', async () => {
    const who = await visitor();
    const before = await db.query('SELECT count(*)::int AS n FROM conversations');
    const res = await who.start({ slug: 'mini', language: 'not a language!' });
    expect(res.status).toBe(400);
    expect(await db.query('SELECT count(*)::int AS n FROM conversations')).toEqual(before);
  });

  it('says so when Vapi refuses the call (502), and the brain key it made is revoked', async () => {
    const closed = await startLocalVapi();
    const config = testConfig({
      vapi: {
        privateKey: 'wrong-key',
        publicKey: LOCAL_VAPI_PUBLIC_KEY,
        serverSecret: SECRET,
        baseUrl: closed.url,
      },
      offered: { ...testConfig().offered, voiceCall: true },
    });
    const deps = createDeps({ db, brain: createLocalBrain(db), config, logger: silentLogger, clock });
    const refused = await listen(appFromDeps(deps), 0, '127.0.0.1');
    try {
      const me = await fetch(`http://127.0.0.1:${refused.port}/api/me`);
      const cookie = me.headers
        .getSetCookie()
        .map((l) => l.split(';')[0])
        .join('; ');
      const res = await fetch(`http://127.0.0.1:${refused.port}/api/calls/voice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: site },
        body: JSON.stringify({ slug: 'mini' }),
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: VOICE_PROVIDER_FAILED });
      const live = await db.query(
        "SELECT 1 FROM api_keys WHERE name LIKE 'Vapi call %' AND revoked_at IS NULL AND id NOT IN (SELECT api_key_id FROM vapi_calls WHERE api_key_id IS NOT NULL)",
      );
      expect(live).toEqual([]);
    } finally {
      await refused.close(100);
      await closed.close();
    }
  });
});

describe('the local Vapi double', () => {
  let vapi: LocalVapi;
  beforeAll(async () => {
    vapi = await startLocalVapi();
  });
  afterAll(() => vapi.close());

  it("refuses a wrong key and a bad assistant in Vapi's error shape", async () => {
    const post = (key: string, body: unknown) =>
      fetch(`${vapi.url}/call/web`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrong = await post('nope', { assistantId: 'a' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
    const bad = await post(LOCAL_VAPI_PUBLIC_KEY, {
      assistant: {
        transcriber: { provider: 'deepgram' },
        model: { provider: 'custom-llm', model: 'm' },
        voice: { provider: '11labs', voiceId: 'v', optimizeStreamingLatency: 9 },
      },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'Bad Request',
      statusCode: 400,
      message: [expect.stringContaining('optimizeStreamingLatency')],
    });
    const ok = await post(LOCAL_VAPI_PUBLIC_KEY, { assistantId: 'a' });
    expect(ok.status).toBe(201);
  });
});

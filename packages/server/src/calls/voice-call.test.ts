import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, CALL_QUOTA_EXHAUSTED, CallServerEvent, LocalVoiceCall } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { ManualClock, testConfig } from '../../test/support/harness';
import { seedClone } from '../../test/support/seed';
import { spokenWav } from '../../test/support/speech-wav';
import { appFromDeps, createDeps } from '../app';
import { loadConfig } from '../config';
import { silentLogger } from '../logger';
import { type Listening, listen } from '../process/listen';
import { VOICE_NOT_ALLOWED } from '../routes/calls';
import { EMBED_CONFIG_NOT_FOUND } from '../routes/embed-configs';
import { insertEmbedConfig } from '../store/embed-configs';
import { voiceSockets } from './voice-sockets';

const config = testConfig();
const SITE = new URL(config.publicUrl).origin;

/** A caller: a visitor cookie, then calls and sockets from this site's origin. */
async function caller(base: string) {
  const me = await fetch(`${base}/api/me`);
  const cookie = me.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const start = (body: unknown) =>
    fetch(`${base}/api/calls/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: SITE },
      body: JSON.stringify(body),
    });
  return { cookie, start };
}

const sockets: WebSocket[] = [];

/** The socket's events as they come; `next(type)` waits for the next of that type. */
function open(base: string, path: string, origin = SITE) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`, { headers: { origin } });
  sockets.push(ws);
  const events: (CallServerEvent | { type: 'audio'; bytes: Buffer })[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer, binary: boolean) => {
    events.push(binary ? { type: 'audio', bytes: data } : CallServerEvent.parse(JSON.parse(data.toString())));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async <T extends string>(type: T, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = events.findIndex((e) => e.type === type);
      if (at >= 0) return events.splice(0, at + 1)[at] as Extract<(typeof events)[number], { type: T }>;
      if (Date.now() > deadline)
        throw new Error(`no ${type} event; had ${JSON.stringify(events.map((e) => e.type))}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  };
  return {
    ws,
    next,
    opened: new Promise<void>((done, fail) => ws.once('open', () => done()).once('error', fail)),
  };
}

/** `wav`'s samples, then a second of quiet, in 100 ms frames. */
function speak(ws: WebSocket, wav: Buffer) {
  const pcm = Buffer.concat([wav.subarray(44), Buffer.alloc(32_000)]);
  for (let at = 0; at < pcm.length; at += 3_200) ws.send(pcm.subarray(at, at + 3_200));
}

const speech = loadConfig({}).speech;

describe.skipIf(speech.executable === null)('browser voice calls on the local pipeline', () => {
  describe.each(testDatabases())('on $name', ({ open: openDb }) => {
    let db: Db;
    let server: Listening;
    let base: string;
    const clock = new ManualClock(new Date());
    const voiceSecondsOf = async (conversationId: string) => {
      const rows = await db.query<{ n: number }>(
        `SELECT coalesce(sum(u.voice_seconds), 0)::int AS n FROM usage_counters u
         JOIN conversations v ON v.clone_id = u.clone_id AND u.subject = 'v:' || v.visitor_id
         WHERE v.id = $1`,
        [conversationId],
      );
      return rows[0]?.n ?? -1;
    };

    beforeAll(async () => {
      db = await openDb();
      for (const [slug, minutes] of [
        ['caller', 1],
        ['silent', 1],
        ['broke', 0],
        // A fraction of a minute: 6 seconds, for short trials (and the browser tests).
        ['brief', 0.1],
      ] as const) {
        // requireEmail: the anonymous quota applies (without it a visitor has no limits).
        const clone = await seedClone(db, slug, { anonymousVoiceMinutes: minutes, requireEmail: true });
        // The clone's words: its recognition model is built from them.
        const [document] = await db.query<{ id: string }>(
          `INSERT INTO documents (clone_id, path, title, type, content_hash)
           VALUES ($1, 'sharpening.md', 'Sharpening', 'article', 'h1') RETURNING id`,
          [clone.id],
        );
        await db.query('INSERT INTO chunks (clone_id, document_id, position, text) VALUES ($1, $2, 0, $3)', [
          clone.id,
          document?.id,
          'How do you sharpen a chisel? I sharpen a chisel on a coarse stone, then I hone the chisel on a fine stone.',
        ]);
        if (slug !== 'silent')
          await db.query(`UPDATE clones SET options = options || '{"allowVoice": true}' WHERE slug = $1`, [
            slug,
          ]);
      }
      const deps = createDeps({
        db,
        brain: scriptedBrain(['I start coarse ', 'and finish fine [1].']),
        config: testConfig({ speech }),
        logger: silentLogger,
        clock,
      });
      server = await listen(appFromDeps(deps), 0, '127.0.0.1', undefined, voiceSockets(deps)?.upgrade);
      base = `http://127.0.0.1:${server.port}`;
    });
    afterAll(async () => {
      for (const ws of sockets.splice(0)) ws.terminate();
      await server.close(100);
      await db.close();
    });

    it('hears a question, answers it in words and speech, stores both, and charges the seconds', async () => {
      const { start } = await caller(base);
      const res = await start({ slug: 'caller' });
      expect(res.status).toBe(200);
      const call = LocalVoiceCall.parse(await res.json());
      const socket = open(base, call.socketPath);
      await socket.opened;
      expect(await socket.next('status')).toEqual({ type: 'status', status: 'LISTENING' });

      speak(socket.ws, spokenWav('How do you sharpen a chisel?'));
      await socket.next('speech-started');
      expect((await socket.next('status')).status).toBe('THINKING');
      const heard = await socket.next('transcript');
      expect(heard.role).toBe('user');
      expect(heard.text).toMatch(/^how do you/);
      const answer = await socket.next('transcript');
      // Spoken without its citation markers.
      expect(answer).toEqual({
        type: 'transcript',
        role: 'assistant',
        text: 'I start coarse and finish fine.',
      });
      expect((await socket.next('status')).status).toBe('SPEAKING');
      const audio = await socket.next('audio');
      expect(audio.bytes.subarray(0, 4).toString()).toBe('RIFF');
      socket.ws.send(JSON.stringify({ type: 'played' }));
      expect((await socket.next('status')).status).toBe('LISTENING');

      const messages = await db.query<{ sender: string; text: string }>(
        'SELECT sender, text FROM messages WHERE conversation_id = $1 ORDER BY created_at, sender DESC',
        [call.conversationId],
      );
      expect(messages.map((m) => m.sender)).toEqual(['USER', 'CLONE']);
      expect(messages[1]?.text).toBe('I start coarse and finish fine [1].');
      const [conversation] = await db.query<{ medium: string }>(
        'SELECT medium FROM conversations WHERE id = $1',
        [call.conversationId],
      );
      expect(conversation?.medium).toBe('BROWSER_VOICE');

      clock.advance(12_000);
      socket.ws.send(JSON.stringify({ type: 'end' }));
      const ended = await socket.next('ended');
      expect(ended.reason).toBe('hangup');
      expect(ended.seconds).toBeGreaterThanOrEqual(12);
      expect(await voiceSecondsOf(call.conversationId)).toBe(ended.seconds);
    });

    it('ends the call when the quota runs out, charging no more than the quota', async () => {
      const { start } = await caller(base);
      const call = LocalVoiceCall.parse(await (await start({ slug: 'caller' })).json());
      const socket = open(base, call.socketPath);
      await socket.opened;
      clock.advance(120_000);
      const ended = await socket.next('ended', 15_000);
      expect(ended.reason).toBe('quota');
      expect(ended.seconds).toBeLessThanOrEqual(60);
      expect(await voiceSecondsOf(call.conversationId)).toBeLessThanOrEqual(60);
    });

    it('refuses a call without time, a clone that takes none, bad input and a stranger; nothing written', async () => {
      const { start } = await caller(base);
      const conversations = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations'))[0]?.n;
      const before = await conversations();
      const broke = await start({ slug: 'broke' });
      expect(broke.status).toBe(402);
      expect(ApiError.parse(await broke.json()).error).toBe(CALL_QUOTA_EXHAUSTED);
      const silent = await start({ slug: 'silent' });
      expect(silent.status).toBe(403);
      expect(ApiError.parse(await silent.json()).error).toBe(VOICE_NOT_ALLOWED);
      expect((await start({ slug: 'nobody' })).status).toBe(404);
      expect((await start({})).status).toBe(400);
      const stranger = await fetch(`${base}/api/calls/voice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: 'caller' }),
      });
      expect(stranger.status).toBe(401);
      expect(await conversations()).toBe(before);
    });

    it("stops a call in an embed at its configuration's call limit (reason call-limit)", async () => {
      const [caller_, silent] = await db.query<{ id: string }>(
        "SELECT id FROM clones WHERE slug IN ('caller', 'silent') ORDER BY slug",
      );
      const none = { instanceId: null, allowedOrigins: [], whitelabel: {}, mode: {}, colours: {} };
      await insertEmbedConfig(db, {
        ...none,
        id: 'caller-limit',
        cloneId: caller_?.id ?? '',
        callLimitSeconds: 1,
      });
      await insertEmbedConfig(db, {
        ...none,
        id: 'silent-limit',
        cloneId: silent?.id ?? '',
        callLimitSeconds: 1,
      });
      const { start } = await caller(base);
      const res = await start({ slug: 'caller', configId: 'caller-limit' });
      expect(res.status).toBe(200);
      const call = LocalVoiceCall.parse(await res.json());
      expect(call.callLimitSeconds).toBe(1);
      const socket = open(base, call.socketPath);
      await socket.opened;
      const ended = await socket.next('ended', 5_000);
      expect(ended.reason).toBe('call-limit');
      expect(ended.seconds).toBeLessThanOrEqual(1);
      // Without a configuration the same caller's call has no such limit.
      const plain = LocalVoiceCall.parse(await (await start({ slug: 'caller' })).json());
      expect(plain.callLimitSeconds).toBeNull();

      // Another clone's configuration, an unknown one, a malformed id: refused, nothing written.
      const conversations = async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations'))[0]?.n;
      const before = await conversations();
      const foreign = await start({ slug: 'caller', configId: 'silent-limit' });
      expect(foreign.status).toBe(404);
      expect(ApiError.parse(await foreign.json()).error).toBe(EMBED_CONFIG_NOT_FOUND);
      expect((await start({ slug: 'caller', configId: 'no-such-config' })).status).toBe(404);
      expect((await start({ slug: 'caller', configId: 'Bad Id!' })).status).toBe(400);
      expect((await start({ slug: 'caller', configId: 42 })).status).toBe(400);
      expect(await conversations()).toBe(before);
    });

    it('meters a fraction of a minute in whole seconds: concurrent calls never pass the 6 s quota', async () => {
      const { start, cookie } = await caller(base);
      const usage = await (await fetch(`${base}/api/clones/brief/usage`, { headers: { cookie } })).json();
      expect(usage.quota.voice_seconds).toBe(6);
      const calls = await Promise.all([1, 2, 3].map(() => start({ slug: 'brief' })));
      const started = await Promise.all(
        calls.filter((res) => res.status === 200).map(async (res) => LocalVoiceCall.parse(await res.json())),
      );
      expect(started.length).toBeGreaterThan(0);
      const opened = started.map((call) => open(base, call.socketPath));
      await Promise.all(opened.map((socket) => socket.opened));
      clock.advance(30_000);
      const ended = await Promise.all(opened.map((socket) => socket.next('ended', 15_000)));
      for (const end of ended) expect(end.reason).toBe('quota');
      expect(await voiceSecondsOf(started[0]?.conversationId ?? '')).toBe(6);
      const after = await start({ slug: 'brief' });
      expect(after.status).toBe(402);
    });

    it('opens the socket only with a valid ticket from this site', async () => {
      const forged = open(base, '/api/calls/voice/socket?call=made.up');
      await expect(forged.opened).rejects.toThrow(/401/);
      const { start } = await caller(base);
      const call = LocalVoiceCall.parse(await (await start({ slug: 'caller' })).json());
      const elsewhere = open(base, call.socketPath, 'https://evil.example');
      await expect(elsewhere.opened).rejects.toThrow(/403/);
    });
  });
});

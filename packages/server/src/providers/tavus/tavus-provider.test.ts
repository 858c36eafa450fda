import { join } from 'node:path';
import { createLocalBrain, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/support/harness';
import { loadConfig } from '../../config';
import { type Listening, listen } from '../../process/listen';
import { listApiKeys } from '../../store/api-keys';
import { findCloneBySlug } from '../../store/clones';
import type { VideoCallStart, VideoProvider } from '../video';
import { VideoRateLimited } from '../video';
import { isCallbackToken } from './callback-token';
import { LOCAL_TAVUS_KEY, LOCAL_TAVUS_REPLICA, type LocalTavus, startLocalTavus } from './local-tavus';
import { TavusError, tavusApi } from './tavus-api';
import { tavusLanguage } from './tavus-language';
import { PERSONA_KEY_NAME } from './tavus-personas';
import { tavusVideo } from './tavus-provider';

const folder = join(import.meta.dirname, '../../../test/fixtures/mini-clone');
const SECRET = 's'.repeat(40);

const callOf = (videoCallId: string, question: string | null = null): VideoCallStart => ({
  videoCallId,
  conversationId: '00000000-0000-4000-8000-000000000001',
  cloneSlug: 'mini',
  cloneName: 'Mini',
  instanceSlug: null,
  language: 'English',
  question,
});

describe.each(testDatabases())('Tavus video provider against the local Tavus on $name', ({ open }) => {
  let db: Db;
  let tavus: LocalTavus;
  let server: Listening;
  let base = '';
  let video: VideoProvider;

  beforeAll(async () => {
    db = await open();
    await importClone(db, folder);
    server = await listen(testApp(db, createLocalBrain(db)), 0, '127.0.0.1');
    base = `http://127.0.0.1:${server.port}`;
    tavus = await startLocalTavus();
    video = tavusVideo({
      api: tavusApi(tavus.url, LOCAL_TAVUS_KEY),
      db,
      authSecret: async () => SECRET,
      replicaId: LOCAL_TAVUS_REPLICA,
      publicUrl: base,
      recording: null,
    });
  });
  afterAll(async () => {
    await tavus.close();
    await server.close(100);
    await db.close();
  });

  it("starts a conversation with the replica and the clone's persona, whose language model is the brain", async () => {
    const room = await video.start(
      callOf('0b7c6a1e-0000-4000-8000-00000000000a', 'What do bees do in winter?'),
    );
    if (room.kind !== 'room') throw new Error('Tavus answered no room');
    expect(room.conversationUrl).toBe(`https://tavus.daily.co/${room.providerConversationId}`);
    const conversation = tavus.conversations.get(room.providerConversationId);
    expect(conversation?.request.replica_id).toBe(LOCAL_TAVUS_REPLICA);
    expect(conversation?.request.properties).toEqual({
      max_call_duration: 3600,
      participant_left_timeout: 10,
      participant_absent_timeout: 60,
      language: 'english',
    });
    expect(conversation?.request.conversational_context).toContain('"What do bees do in winter?"');
    // The callback URL is this server's, signed for the call.
    const callback = new URL(conversation?.request.callback_url ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(
      `${base}/api/webhooks/tavus/0b7c6a1e-0000-4000-8000-00000000000a`,
    );
    expect(
      isCallbackToken(
        SECRET,
        '0b7c6a1e-0000-4000-8000-00000000000a',
        callback.searchParams.get('token') ?? '',
      ),
    ).toBe(true);
    expect(
      isCallbackToken(
        SECRET,
        '0b7c6a1e-0000-4000-8000-00000000000b',
        callback.searchParams.get('token') ?? '',
      ),
    ).toBe(false);
    // The persona: the clone as model, the brain's endpoint as base, a key minted for it.
    const llm = conversation?.persona.layers?.llm;
    expect(llm?.model).toBe('mini');
    expect(llm?.base_url).toBe(`${base}/api/openai/v1`);
    const mini = await findCloneBySlug(db, 'mini');
    const keys = (await listApiKeys(db, mini?.id ?? '')).filter((k) => k.name === PERSONA_KEY_NAME);
    expect(keys).toHaveLength(1);
    expect(llm?.api_key?.startsWith(keys[0]?.prefix ?? '-')).toBe(true);
  });

  it("answers the visitor through the brain with the persona's key, and the answer is counted on it", async () => {
    const room = await video.start(callOf('0b7c6a1e-0000-4000-8000-00000000000c'));
    if (room.kind !== 'room') throw new Error('Tavus answered no room');
    // The persona is made once per clone.
    expect(tavus.personas.size).toBe(1);
    const reply = await tavus.visitorSays(room.providerConversationId, 'What do bees do in winter?');
    expect(reply.toLowerCase()).toContain('cluster');
    const mini = await findCloneBySlug(db, 'mini');
    const [key] = (await listApiKeys(db, mini?.id ?? '')).filter((k) => k.name === PERSONA_KEY_NAME);
    await expect
      .poll(async () => (await listApiKeys(db, mini?.id ?? '')).find((k) => k.id === key?.id)?.requests)
      .toBe(1);
  });

  it("is 'Rate limited' when Tavus says the account has reached its concurrent conversations", async () => {
    const before = tavus.conversations.size;
    tavus.maxConcurrent = [...tavus.conversations.values()].filter((c) => c.status === 'active').length;
    await expect(video.start(callOf('0b7c6a1e-0000-4000-8000-00000000000d'))).rejects.toBeInstanceOf(
      VideoRateLimited,
    );
    expect(tavus.conversations.size).toBe(before);
    tavus.maxConcurrent = 5;
  });

  it('ends the conversation at Tavus; ending it again is no error', async () => {
    const room = await video.start(callOf('0b7c6a1e-0000-4000-8000-00000000000e'));
    if (room.kind !== 'room') throw new Error('Tavus answered no room');
    await video.end(room);
    expect(tavus.conversations.get(room.providerConversationId)?.status).toBe('ended');
    await expect(video.end(room)).resolves.toBeUndefined();
  });

  it('makes a new persona (and revokes the old key) when the replica changes', async () => {
    const api = tavusApi(tavus.url, LOCAL_TAVUS_KEY);
    const other = tavusVideo({
      api,
      db,
      authSecret: async () => SECRET,
      replicaId: 'r-unknown',
      publicUrl: base,
      recording: null,
    });
    // Tavus refuses a replica it does not know; the key minted for the refused persona is revoked.
    await expect(other.start(callOf('0b7c6a1e-0000-4000-8000-00000000000f'))).rejects.toThrow(TavusError);
    const mini = await findCloneBySlug(db, 'mini');
    const keys = (await listApiKeys(db, mini?.id ?? '')).filter((k) => k.name === PERSONA_KEY_NAME);
    expect(keys.filter((k) => k.revoked_at === null)).toHaveLength(1);
  });
});

describe("Tavus's API as the local double answers it", () => {
  let tavus: LocalTavus;
  beforeAll(async () => {
    tavus = await startLocalTavus();
  });
  afterAll(() => tavus.close());

  it('refuses a wrong key (401) and a bad body (400) with their messages', async () => {
    await expect(tavusApi(tavus.url, 'wrong').endConversation('c1')).rejects.toThrow('Invalid access token');
    const api = tavusApi(tavus.url, LOCAL_TAVUS_KEY);
    const bad = api.createConversation({
      replica_id: LOCAL_TAVUS_REPLICA,
      persona_id: 'p-none',
      callback_url: 'http://127.0.0.1:1/x',
      conversation_name: 'x',
      conversational_context: 'x',
      properties: {
        max_call_duration: 3600,
        participant_left_timeout: 10,
        participant_absent_timeout: 60,
        language: 'english',
      },
    });
    await expect(bad).rejects.toThrow('Invalid persona_id');
  });
});

describe('the Tavus settings', () => {
  it('run video calls on Tavus with a key and a replica; on the local pipeline without', () => {
    const on = loadConfig({
      TAVUS_API_KEY: 'k',
      TAVUS_REPLICA_ID: 'r1',
      TAVUS_BASE_URL: 'http://127.0.0.1:1/',
    });
    expect(on.configured.tavus).toBe(true);
    expect(on.offered.videoCall).toBe(true);
    expect(on.tavus).toMatchObject({ apiKey: 'k', replicaId: 'r1', baseUrl: 'http://127.0.0.1:1' });
    const off = loadConfig({});
    expect(off.configured.tavus).toBe(false);
    expect(() => loadConfig({ TAVUS_API_KEY: 'k' })).toThrow(/TAVUS_REPLICA_ID/);
    expect(() => loadConfig({ TAVUS_BASE_URL: 'not a url' })).toThrow(/TAVUS_BASE_URL/);
  });

  it("names the conversation's language as Tavus does", () => {
    expect(tavusLanguage('English')).toBe('english');
    expect(tavusLanguage('fr')).toBe('french');
    expect(tavusLanguage('pt-BR')).toBe('portuguese');
    expect(tavusLanguage('??')).toBe('multilingual');
  });
});

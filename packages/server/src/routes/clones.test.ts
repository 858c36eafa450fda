import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ApiError, CloneProfile, ExploreResponse, NO_FEATURES } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedBrain } from '../../test/support/brain-doubles';
import { testApp } from '../../test/support/harness';
import { type SeededClone, seedClone } from '../../test/support/seed';
import { loadConfig } from '../config';

describe.each(testDatabases())('clone routes on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  let ada: SeededClone;

  beforeAll(async () => {
    db = await open();
    app = testApp(db, scriptedBrain(['hi']));
    ada = await seedClone(db, 'ada');
    await seedClone(db, 'hidden', { public: false });
  });
  afterAll(() => db.close());

  it('answers the profile with defaults filled in and questions in order', async () => {
    const res = await app.request('/api/clones/ada');
    expect(res.status).toBe(200);
    const profile = CloneProfile.parse(await res.json());
    expect(profile).toMatchObject({
      id: ada.id,
      slug: 'ada',
      name: 'ada Lovelace',
      instance: null,
      verified: true,
    });
    expect(profile.imageUrl).toBe(`/api/media/${ada.mediaId}`);
    expect(profile.options).toMatchObject({
      requireEmail: false,
      suggestQuestions: true,
      customWarning: 'Be kind',
    });
    expect(profile.suggestedQuestions.map((q) => q.question)).toEqual([
      'Who are you?',
      'What are you building?',
    ]);
    expect(profile.monetization.anonymous_quota.messages).toBe(5);
    expect(profile.socials.website).toBe('example.com');
  });

  it('says which features this deployment offers: none without providers, even for a clone that allows calls', async () => {
    await db.query(
      `UPDATE clones SET options = options || '{"allowVoice": true, "allowVideo": true}'::jsonb, voice_id = 'v1' WHERE slug = 'ada'`,
    );
    const plain = CloneProfile.parse(await (await app.request('/api/clones/ada')).json());
    expect(plain.options).toMatchObject({ allowVoice: true, allowVideo: true });
    // The local providers: uploads on local disk; read aloud when espeak-ng is installed here;
    // dictation and the local voice and video calls when pocketsphinx is.
    const local = loadConfig({}).offered;
    expect(plain.features).toEqual({
      ...NO_FEATURES,
      uploads: true,
      readAloud: local.readAloud,
      dictation: local.dictation,
      voiceCall: local.voiceCall,
      videoCall: local.videoCall,
    });
    // A deployment whose providers offer calls and read aloud: the clone's options decide.
    const offering = testApp(db, scriptedBrain(['hi']), {
      offered: { ...NO_FEATURES, voiceCall: true, videoCall: true, readAloud: true },
    });
    const ada = CloneProfile.parse(await (await offering.request('/api/clones/ada')).json());
    expect(ada.features).toMatchObject({
      voiceCall: true,
      videoCall: true,
      readAloud: true,
      payments: false,
    });
    const hidden = CloneProfile.parse(await (await offering.request('/api/clones/hidden')).json());
    expect(hidden.features).toMatchObject({ voiceCall: false, videoCall: false, readAloud: false });
  });

  it('answers the instance named by ?instance=', async () => {
    const profile = CloneProfile.parse(await (await app.request('/api/clones/ada?instance=workshop')).json());
    expect(profile.instance).toEqual({
      id: ada.instanceId,
      slug: 'workshop',
      name: 'Workshop edition',
      imageUrl: null,
    });
  });

  it('answers 404 for an unknown clone or instance', async () => {
    const clone = await app.request('/api/clones/nobody');
    expect(clone.status).toBe(404);
    expect(ApiError.parse(await clone.json()).error).toBe('Clone not found');
    const instance = await app.request('/api/clones/ada?instance=nope');
    expect(instance.status).toBe(404);
    expect(ApiError.parse(await instance.json()).error).toBe('Instance not found');
  });

  it('lists only public clones on explore', async () => {
    const res = await app.request('/api/explore');
    const clones = ExploreResponse.parse(await res.json());
    expect(clones.map((c) => c.slug)).toEqual(['ada']);
  });
});

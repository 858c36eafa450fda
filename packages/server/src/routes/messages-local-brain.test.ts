/** The stream end to end with the real local brain over a clone imported from a folder. */
import { join } from 'node:path';
import { createLocalBrain, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { CloneProfile, Conversation, SourcesResponse } from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, parseEvents, postJson, testApp } from '../../test/support/harness';

const folder = join(import.meta.dirname, '../../test/fixtures/mini-clone');

describe.each(testDatabases())('answers from an imported clone on $name', ({ open }) => {
  let db: Db;
  let app: Hono;

  beforeAll(async () => {
    db = await open();
    await importClone(db, folder);
    app = testApp(db, createLocalBrain(db));
  });
  afterAll(() => db.close());

  it('streams a grounded answer whose sources point into the knowledge', async () => {
    const visitor = await newVisitor(app);
    const conversation = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'mini' }, visitor)).json(),
    );
    const res = await postJson(
      app,
      '/api/clone/talk/messages/stream',
      {
        message: {
          type: 'TEXT',
          text: 'What do bees do in winter?',
          slug: 'mini',
          conversationId: conversation.id,
        },
      },
      visitor,
    );
    const events = parseEvents(await res.text());
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(1);
    const last = events.at(-1);
    if (last?.type !== 'message') throw new Error(`last event is ${JSON.stringify(last)}`);
    expect(last.message.hasSources).toBe(true);
    expect(last.message.text).toMatch(/\[\d+\]/);
    const sources = SourcesResponse.parse(
      await (
        await app.request(`/api/clone/talk/messages/${last.message.id}/sources`, { headers: visitor })
      ).json(),
    );
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((s) => s.index)).toEqual([...sources.map((s) => s.index)].sort((a, b) => a - b));
    expect(sources.some((s) => s.documentTitle === 'What bees do in winter' && s.type === 'youtube')).toBe(
      true,
    );
  });

  it('serves the clone image stored by the import', async () => {
    const profile = CloneProfile.parse(await (await app.request('/api/clones/mini')).json());
    const image = await app.request(profile.imageUrl ?? '/missing');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});

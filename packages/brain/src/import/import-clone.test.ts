import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CloneFolderError } from '../folder/clone-folder-error';
import { copyFixture, type TempFolder } from '../testing/clone-fixture';
import { importClone } from './import-clone';

describe.each(testDatabases())('importClone on $name', ({ open }) => {
  let db: Db;
  let folder: TempFolder;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());
  afterEach(() => folder?.dispose());

  const count = async (sql: string, params: unknown[] = []): Promise<number> => {
    const [row] = await db.query<{ n: number }>(sql, params);
    return row?.n ?? -1;
  };

  it('creates the clone with its profile, image, instances, questions and chunks', async () => {
    folder = await copyFixture('baker');
    const result = await importClone(db, folder.dir);
    expect(result).toMatchObject({
      slug: 'sam-bakes',
      created: true,
      documents: { added: 5, updated: 0, removed: 0, unchanged: 0 },
    });
    const [clone] = await db.query<Record<string, unknown>>('SELECT * FROM clones WHERE id = $1', [
      result.cloneId,
    ]);
    expect(clone).toMatchObject({
      name: 'Sam Okafor',
      headline: 'Sourdough baker and teacher',
      verified: true,
      options: expect.objectContaining({ requireEmail: false, suggestQuestions: true }),
      monetization: {
        anonymous_quota: { messages: 5, voice_minutes: 0, video_minutes: 0 },
        has_upsell_options: false,
      },
      memberships: [
        expect.objectContaining({ id: 'bread-club', name: 'Bread Club', basePrice: 9, annualPrice: 90 }),
      ],
      socials: { instagram: 'sam.bakes', website: 'sambakes.example', extras: [] },
    });
    expect(clone?.image_url).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    const [media] = await db.query<{ content_type: string; bytes: Uint8Array }>(
      'SELECT content_type, bytes FROM media WHERE id = $1',
      [String(clone?.image_url).split('/').pop()],
    );
    expect(media?.content_type).toBe('image/svg+xml');
    expect(new TextDecoder().decode(media?.bytes)).toContain('<svg');
    const questions = await db.query<{ question: string }>(
      'SELECT question FROM suggested_questions WHERE clone_id = $1 ORDER BY position',
      [result.cloneId],
    );
    expect(questions.map((q) => q.question)).toEqual([
      'How do you keep a starter alive?',
      'What hydration should a beginner use?',
      'How do you plan a bake day?',
    ]);
    expect(
      await count('SELECT count(*) AS n FROM clone_instances WHERE clone_id = $1', [result.cloneId]),
    ).toBe(1);
    const chunks = await db.query<{ timestamp_ms: number | null; type: string }>(
      'SELECT c.timestamp_ms, d.type FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = $1 ORDER BY c.position',
      ['knowledge/bake-day.md'],
    );
    expect(chunks[0]).toEqual({ timestamp_ms: 0, type: 'youtube' });
    expect(
      await count('SELECT chunks AS n FROM clone_knowledge_stats WHERE clone_id = $1', [result.cloneId]),
    ).toBe(await count('SELECT count(*) AS n FROM chunks WHERE clone_id = $1', [result.cloneId]));
  });

  it('is idempotent, updates changed files, removes deleted ones and keeps term statistics exact', async () => {
    folder = await copyFixture('baker');
    const first = await importClone(db, folder.dir);
    const again = await importClone(db, folder.dir);
    expect(again).toEqual({
      ...first,
      created: false,
      documents: { added: 0, updated: 0, removed: 0, unchanged: 5 },
    });
    expect(await count('SELECT count(*) AS n FROM clones WHERE slug = $1', ['sam-bakes'])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM media')).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM suggested_questions WHERE clone_id = $1', [first.cloneId]),
    ).toBe(3);

    const [before] = await db.query<{ id: string }>('SELECT id FROM documents WHERE path = $1', [
      'knowledge/hydration.md',
    ]);
    await folder.write(
      'knowledge/hydration.md',
      '---\ntitle: Hydration, revised\ntype: website\n---\nI now tell beginners to start at 65 percent hydration with a mellow rye sponge.',
    );
    await folder.remove('knowledge/flour-notes.txt');
    await folder.write(
      'knowledge/new-note.txt',
      'Scoring\n\nA razor blade held at a shallow angle gives the best ear.',
    );
    const changed = await importClone(db, folder.dir);
    expect(changed.documents).toEqual({ added: 1, updated: 1, removed: 1, unchanged: 3 });
    const [after] = await db.query<{ id: string; title: string }>(
      'SELECT id, title FROM documents WHERE path = $1',
      ['knowledge/hydration.md'],
    );
    expect(after).toEqual({ id: before?.id, title: 'Hydration, revised' });
    const texts = await db.query<{ text: string }>(
      'SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = $1',
      ['knowledge/hydration.md'],
    );
    expect(texts.map((t) => t.text)).toEqual([
      'I now tell beginners to start at 65 percent hydration with a mellow rye sponge.',
    ]);
    expect(await count("SELECT count(*) AS n FROM documents WHERE path = 'knowledge/flour-notes.txt'")).toBe(
      0,
    );

    // The maintained statistics equal a recount from the chunks.
    const drift = await db.query(
      `WITH actual AS (
         SELECT u.lexeme AS term, count(*)::int AS df FROM chunks c, unnest(c.tsv) AS u(lexeme, positions, weights)
         WHERE c.clone_id = $1 GROUP BY u.lexeme)
       SELECT coalesce(a.term, t.term) AS term FROM actual a FULL JOIN (SELECT term, df FROM clone_terms WHERE clone_id = $1) t
         ON t.term = a.term WHERE a.df IS DISTINCT FROM t.df`,
      [first.cloneId],
    );
    expect(drift).toEqual([]);
  });

  it('stores the clone-level embed allowlist, and clears it when clone.json no longer has one', async () => {
    folder = await copyFixture('baker');
    const clone: unknown = JSON.parse(await readFile(join(folder.dir, 'clone.json'), 'utf8'));
    if (typeof clone !== 'object' || clone === null) throw new Error('fixture clone.json is not an object');
    const allowed = { allowedOrigins: ['https://sambakes.example', 'https://WWW.sambakes.example/'] };
    await folder.write('clone.json', JSON.stringify({ ...clone, slug: 'fenced', embed: allowed }));
    const result = await importClone(db, folder.dir);
    const stored = async () =>
      (
        await db.query<{ embed_allowed_origins: unknown }>(
          'SELECT embed_allowed_origins FROM clones WHERE id = $1',
          [result.cloneId],
        )
      )[0]?.embed_allowed_origins;
    expect(await stored()).toEqual(['https://sambakes.example', 'https://www.sambakes.example']);
    await folder.write('clone.json', JSON.stringify({ ...clone, slug: 'fenced' }));
    await importClone(db, folder.dir);
    expect(await stored()).toBeNull();
  });

  it('keeps an http(s) imageUrl as it is and leaves nothing behind when the folder is bad', async () => {
    folder = await copyFixture('baker');
    const clone: unknown = JSON.parse(await readFile(join(folder.dir, 'clone.json'), 'utf8'));
    if (typeof clone !== 'object' || clone === null) throw new Error('fixture clone.json is not an object');
    await folder.write(
      'clone.json',
      JSON.stringify({ ...clone, slug: 'remote-image', imageUrl: 'https://cdn.example/sam.png' }),
    );
    const result = await importClone(db, folder.dir);
    const [row] = await db.query<{ image_url: string }>('SELECT image_url FROM clones WHERE id = $1', [
      result.cloneId,
    ]);
    expect(row?.image_url).toBe('https://cdn.example/sam.png');

    await folder.write('clone.json', JSON.stringify({ ...clone, slug: 'never-made' }));
    await folder.write('knowledge/broken.md', '---\ntype: nope\n---\nText.');
    await expect(importClone(db, folder.dir)).rejects.toBeInstanceOf(CloneFolderError);
    expect(await count("SELECT count(*) AS n FROM clones WHERE slug = 'never-made'")).toBe(0);
  });
});

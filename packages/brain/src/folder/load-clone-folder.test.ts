import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, type TempFolder, writeFolder } from '../testing/clone-fixture';
import { CloneFolderError } from './clone-folder-error';
import { loadCloneFolder } from './load-clone-folder';

const MINIMAL = JSON.stringify({ slug: 'ok', name: 'Ok' });
const folders: TempFolder[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.dispose();
});
async function folder(files: Record<string, string | Uint8Array>): Promise<string> {
  const made = await writeFolder(files);
  folders.push(made);
  return made.dir;
}
async function failure(files: Record<string, string | Uint8Array>): Promise<CloneFolderError> {
  const error = await loadCloneFolder(await folder(files)).catch((e: unknown) => e);
  if (!(error instanceof CloneFolderError))
    throw new Error(`expected a CloneFolderError, got ${String(error)}`);
  return error;
}

describe('loadCloneFolder', () => {
  it('reads the baker fixture: clone.json with defaults, image and every kind of knowledge file', async () => {
    const baker = await copyFixture('baker');
    folders.push(baker);
    const loaded = await loadCloneFolder(baker.dir);
    expect(loaded.clone).toMatchObject({
      slug: 'sam-bakes',
      language: 'English',
      public: true,
      options: { requireEmail: false, suggestQuestions: true, warning: true, customWarning: null },
      monetization: { anonymous_quota: { messages: 5, voice_minutes: 0, video_minutes: 0 } },
      socials: { instagram: 'sam.bakes', extras: [] },
      memberships: [{ name: 'Bread Club', basePrice: 9, smsEnabled: false, includedMinutesPerMonth: 0 }],
      instances: [{ slug: 'workshop', imageUrl: null }],
    });
    expect(loaded.image).toMatchObject({ path: 'avatar.svg', contentType: 'image/svg+xml' });
    expect(loaded.documents.map((d) => [d.path, d.type, d.title])).toEqual([
      ['knowledge/bake-day.md', 'youtube', 'How I plan a bake day'],
      ['knowledge/flour-notes.txt', 'file', 'Notes on flour'],
      ['knowledge/hydration.md', 'website', 'Choosing your dough hydration'],
      ['knowledge/oven-spring.srt', 'podcast', 'Crumb Talk, episode 12: oven spring'],
      ['knowledge/starter-care.md', 'website', 'Keeping a sourdough starter alive'],
    ]);
    const video = loaded.documents[0];
    expect(video?.url).toBe('https://www.youtube.com/watch?v=bakeday01');
    expect(video?.paragraphs.map((p) => p.timestampMs)).toEqual([0, 42_000, 135_000, 270_000, 3_723_000]);
    expect(video?.paragraphs[1]?.text).toMatch(/^The night before/);
    const podcast = loaded.documents[3];
    expect(podcast?.paragraphs[0]).toMatchObject({ timestampMs: 1_000 });
    expect(podcast?.paragraphs.map((p) => p.text).join(' ')).toContain('Oven spring is the last burst');
  });

  it('reads markdown without front matter, and an srt without a sidecar', async () => {
    const dir = await folder({
      'clone.json': MINIMAL,
      'knowledge/plain.md':
        '# My *first* post\n\nSome [linked](https://x.example) **bold** text.\n\n- one item\n- two item\n',
      'knowledge/talk_one.srt': '1\n00:00:02,000 --> 00:00:03,000\n<i>Hello</i> there.\n',
    });
    const { documents } = await loadCloneFolder(dir);
    expect(documents[0]).toEqual({
      path: 'knowledge/plain.md',
      title: 'My *first* post',
      type: 'file',
      url: null,
      paragraphs: [
        { text: 'My first post', timestampMs: null, heading: true },
        { text: 'Some linked bold text.', timestampMs: null },
        { text: 'one item', timestampMs: null },
        { text: 'two item', timestampMs: null },
      ],
    });
    expect(documents[1]).toMatchObject({
      title: 'Talk one',
      type: 'file',
      paragraphs: [{ text: 'Hello there.', timestampMs: 2_000 }],
    });
  });

  it('takes a plain "key: value" front matter literally when strict YAML refuses it', async () => {
    const dir = await folder({
      'clone.json': MINIMAL,
      'knowledge/ep.md':
        '---\ntitle: Episode 23 - Questions: Bench Height\ntype: podcast\nurl: "https://pod.example/23"\n---\n[00:05] Hi.',
    });
    const { documents } = await loadCloneFolder(dir);
    expect(documents[0]).toMatchObject({
      title: 'Episode 23 - Questions: Bench Height',
      type: 'podcast',
      url: 'https://pod.example/23',
    });
  });

  it('reads a clone-level embed allowlist, each origin as a browser sends it; none without one', async () => {
    const dir = await folder({
      'clone.json': JSON.stringify({
        slug: 'ok',
        name: 'Ok',
        embed: { allowedOrigins: ['HTTPS://Site.Example/', 'http://127.0.0.1:3101', 'https://site.example'] },
      }),
    });
    expect((await loadCloneFolder(dir)).clone.embed).toEqual({
      allowedOrigins: ['https://site.example', 'http://127.0.0.1:3101'],
    });
    expect((await loadCloneFolder(await folder({ 'clone.json': MINIMAL }))).clone.embed).toBeNull();
  });

  it('reads the affiliate link and products; none without them', async () => {
    const product = { title: 'Lame', url: 'https://shop.example/lame', keywords: ['lame', 'scoring blade'] };
    const dir = await folder({
      'clone.json': JSON.stringify({
        slug: 'ok',
        name: 'Ok',
        affiliateUrl: 'https://shop.example/?ref=ok',
        products: [product],
      }),
    });
    const { clone } = await loadCloneFolder(dir);
    expect(clone.affiliateUrl).toBe('https://shop.example/?ref=ok');
    expect(clone.products).toEqual([{ ...product, imageUrl: null }]);
    const minimal = (await loadCloneFolder(await folder({ 'clone.json': MINIMAL }))).clone;
    expect([minimal.affiliateUrl, minimal.products]).toEqual([null, []]);
  });

  it.each([
    [
      {
        'clone.json':
          '{"slug": "a", "name": "x", "embed": {"allowedOrigins": ["https://site.example/page"]}}',
      },
      /clone\.json: embed\.allowedOrigins\.0 "https:\/\/site\.example\/page" is not a site origin: give the scheme, host and port only/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "embed": {"allowedOrigins": ["*"]}}' },
      /clone\.json: embed\.allowedOrigins\.0 "\*" is not a site origin/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "embed": {"allowedOrigins": []}}' },
      /clone\.json: embed\.allowedOrigins must list at least one site/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "embed": {"origins": ["https://site.example"]}}' },
      /clone\.json: embed\.allowedOrigins must be a list of the sites .*; unknown field origins/,
    ],
    [
      {
        'clone.json':
          '{"slug": "a", "name": "x", "products": [{"title": "T", "url": "javascript:alert(1)", "keywords": ["t"]}]}',
      },
      /clone\.json: products\.0\.url must be an http\(s\) address/,
    ],
    [
      {
        'clone.json':
          '{"slug": "a", "name": "x", "products": [{"title": "T", "url": "https://s.example", "keywords": []}]}',
      },
      /clone\.json: products\.0\.keywords must list at least one word/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "affiliateUrl": "ftp://shop.example"}' },
      /clone\.json: affiliateUrl must be an http\(s\) address/,
    ],
    [{}, /clone\.json: missing/],
    [{ 'clone.json': '{"slug": "a",\n  "name": }' }, /clone\.json: invalid JSON at line 2, column \d+/],
    [{ 'clone.json': '{"slug": "Bad Slug", "name": "x"}' }, /clone\.json: slug must be lowercase letters/],
    [{ 'clone.json': '{"slug": "explore", "name": "x"}' }, /clone\.json: slug is reserved/],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "headLine": "typo"}' },
      /clone\.json: unknown field headLine/,
    ],
    [{ 'clone.json': '{"slug": "a"}' }, /clone\.json: name /],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "imageUrl": "me.png"}' },
      /clone\.json: imageUrl: image file missing: me\.png/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "imageUrl": "me.png"}', 'me.png': 'not really' },
      /me\.png: not an image/,
    ],
    [
      { 'clone.json': '{"slug": "a", "name": "x", "imageUrl": "../me.png"}' },
      /imageUrl: "\.\.\/me\.png" must be an http\(s\) URL or a file inside/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\ntype: tiktok\n---\nText.' },
      /knowledge\/a\.md: unknown type "tiktok" \(one of youtube/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\ntitle: A\n---\n\n  \n' },
      /knowledge\/a\.md: empty document/,
    ],
    [{ 'clone.json': MINIMAL, 'knowledge/a.txt': '' }, /knowledge\/a\.txt: empty document/],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\ntitle: A\n---\n[00:10] ok\n[01:99] bad' },
      /knowledge\/a\.md: bad timestamp \[01:99\] on line 5: seconds/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\ntags: [a, b\n  nested: x\n---\nText.' },
      /knowledge\/a\.md: invalid front matter/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\ntitle: A\nText.' },
      /knowledge\/a\.md: front matter has no closing/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.md': '---\nurl: ftp://x\n---\nText.' },
      /knowledge\/a\.md: front matter url: must be an http\(s\) URL/,
    ],
    [
      { 'clone.json': MINIMAL, 'knowledge/a.srt': '1\n00:00:01 --> 00:00:02\nHi' },
      /knowledge\/a\.srt: bad timestamp in cue 1/,
    ],
    [
      {
        'clone.json': MINIMAL,
        'knowledge/a.srt': '1\n00:00:01,000 --> 00:00:02,000\nHi',
        'knowledge/a.srt.json': '{"type": 1',
      },
      /knowledge\/a\.srt\.json: invalid JSON/,
    ],
    [{ 'clone.json': MINIMAL, 'knowledge/a.pdf': '%PDF' }, /knowledge\/a\.pdf: unsupported knowledge file/],
  ])('rejects a bad folder (%#) with the file and the problem', async (files, message) => {
    const error = await failure(files);
    expect(error.message).toMatch(message);
  });

  it('names a folder that does not exist', async () => {
    await expect(loadCloneFolder('/nonexistent/clone')).rejects.toThrow('/nonexistent/clone: not a folder');
  });
});

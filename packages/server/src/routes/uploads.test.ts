import { createLocalBrain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import {
  ApiError,
  Conversation,
  MultipartCompleteResponse,
  MultipartStartResponse,
  UPLOAD_PART_BYTES,
  UploadResponse,
} from '@doppel/protocol';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, parseEvents, postJson, testApp } from '../../test/support/harness';
import { PIXEL, seedClone } from '../../test/support/seed';
import { tinyPdf } from '../../test/support/tiny-pdf';
import { FILE_NOT_FOUND } from './uploads';

const errorOf = async (res: Response) => ApiError.parse(await res.json()).error;
const PDF = tinyPdf(['Notes from the bench.', 'The walnut cabinet has seventeen drawers and brass pulls.']);

describe.each(testDatabases())('uploads on $name', ({ open }) => {
  let db: Db;
  let app: Hono;
  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]?.n;

  const form = (files: [string, Uint8Array | string][], bucket: string | null = 'consumer') => {
    const body = new FormData();
    for (const [name, bytes] of files)
      body.append('files', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
    if (bucket !== null) body.append('bucket', bucket);
    return body;
  };
  const upload = (who: Record<string, string>, body: FormData | string, type?: string) =>
    app.request('/api/upload', {
      method: 'POST',
      body,
      headers: { ...who, ...(type && { 'content-type': type }) },
    });

  beforeAll(async () => {
    db = await open();
    app = testApp(db, createLocalBrain(db));
    await seedClone(db, 'ada');
  });
  afterAll(() => db.close());

  it('stores a PDF and an image for their owner; names sanitised; another visitor gets 404', async () => {
    const owner = await newVisitor(app);
    const res = await upload(
      owner,
      form([
        ['Shop Notes (v2).PDF', PDF],
        ['photo.PNG', PIXEL],
      ]),
    );
    expect(res.status).toBe(201);
    const { files } = UploadResponse.parse(await res.json());
    expect(files.map((f) => [f.name, f.kind, f.contentType])).toEqual([
      ['shop-notes-v2.pdf', 'document', 'application/pdf'],
      ['photo.png', 'image', 'image/png'],
    ]);
    const image = await app.request(files[1]?.url ?? '', { headers: owner });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PIXEL))).toBe(true);
    const pdf = await app.request(files[0]?.url ?? '', { headers: owner });
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="shop-notes-v2.pdf"/);

    const stranger = await app.request(files[0]?.url ?? '', { headers: await newVisitor(app) });
    expect([stranger.status, await errorOf(stranger)]).toEqual([404, FILE_NOT_FOUND]);
  });

  it('refuses bad uploads with 4xx and keeps nothing', async () => {
    const who = await newVisitor(app);
    const before = await count();
    const cases: [FormData | string, string | undefined, number, RegExp][] = [
      ['{"files": []}', 'application/json', 415, /multipart\/form-data/],
      [form([]), undefined, 400, /No file sent/],
      [
        form([
          ['a.txt', 'a'],
          ['b.txt', 'b'],
          ['c.txt', 'c'],
          ['d.txt', 'd'],
        ]),
        undefined,
        400,
        /At most 3 files/,
      ],
      [
        form([['fake.pdf', 'not a pdf at all']]),
        undefined,
        415,
        /^fake\.pdf: The file's content is not a PDF file$/,
      ],
      [
        form([
          ['ok.txt', 'fine'],
          ['pixel.jpg', PIXEL],
        ]),
        undefined,
        415,
        /pixel\.jpg: The file's content is not a JPEG/,
      ],
      [form([['run.exe', 'MZ']]), undefined, 415, /cannot be attached/],
      [form([['bin.txt', '\u0000\u0001\u0002binary']]), undefined, 415, /not text/],
      [form([['empty.md', '']]), undefined, 415, /empty/],
      [form([['a.txt', 'a']], 'secret'), undefined, 400, /Unknown bucket/],
    ];
    for (const [body, type, status, error] of cases) {
      const res = await upload(who, body, type);
      expect([res.status, await errorOf(res)]).toEqual([status, expect.stringMatching(error)]);
    }
    expect(await count()).toBe(before);
  });

  it('sends a file with a message: the answer reads it and cites it; another visitor’s file is 404', async () => {
    const owner = await newVisitor(app);
    const { files } = UploadResponse.parse(await (await upload(owner, form([['cabinet.pdf', PDF]]))).json());
    const conversation = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, owner)).json(),
    );
    const message = (text: string, fileIds: string[]) => ({
      message: { type: 'TEXT', text, slug: 'ada', conversationId: conversation.id, fileIds },
    });

    const stranger = await newVisitor(app);
    const strangers = Conversation.parse(
      await (await postJson(app, '/api/conversations', { slug: 'ada' }, stranger)).json(),
    );
    const stolen = await postJson(
      app,
      '/api/clone/talk/messages/stream',
      { message: { ...message('x', [files[0]?.id ?? '']).message, conversationId: strangers.id } },
      stranger,
    );
    expect([stolen.status, await errorOf(stolen)]).toEqual([404, FILE_NOT_FOUND]);
    const [{ n } = { n: -1 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1',
      [strangers.id],
    );
    expect(n).toBe(0);

    const res = await postJson(
      app,
      '/api/clone/talk/messages/stream',
      message('How many drawers does the walnut cabinet have?', [files[0]?.id ?? '']),
      owner,
    );
    expect(res.status).toBe(200);
    const events = parseEvents(await res.text());
    const done = events.at(-1);
    expect(done?.type).toBe('message');
    if (done?.type !== 'message') return;
    expect(done.message.text).toMatch(/seventeen drawers/);
    const sources = await (
      await app.request(`/api/clone/talk/messages/${done.message.id}/sources`, { headers: owner })
    ).json();
    expect(sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'file', title: 'cabinet.pdf', used: true })]),
    );
    const stored = await (
      await app.request(`/api/conversations/${conversation.id}`, { headers: owner })
    ).json();
    expect(stored.messages[0]).toMatchObject({ files: [{ name: 'cabinet.pdf', url: files[0]?.url }] });
  });

  it('takes a large file through the presigned multipart protocol on local disk', async () => {
    const owner = await newVisitor(app);
    const size = UPLOAD_PART_BYTES + 20;
    const text = Buffer.alloc(size, 'a');
    text.write('Chapter one. The bench is oak.\n\n', 0);
    const started = await postJson(
      app,
      '/api/uploads/multipart',
      { fileName: 'Big Notes.txt', fileSize: size, contentType: 'text/plain', bucketType: 'consumer' },
      owner,
    );
    expect(started.status).toBe(201);
    const { uploadId, partUrls, fileKey } = MultipartStartResponse.parse(await started.json());
    expect(partUrls).toHaveLength(2);
    const etags: { PartNumber: number; ETag: string }[] = [];
    for (const [i, url] of partUrls.entries()) {
      const part = text.subarray(i * UPLOAD_PART_BYTES, (i + 1) * UPLOAD_PART_BYTES);
      const put = await app.request(url, { method: 'PUT', body: part });
      expect(put.status).toBe(200);
      etags.push({ PartNumber: i + 1, ETag: put.headers.get('etag') ?? '' });
    }
    const tampered = await app.request(partUrls[0]?.replace(/signature=[^&]+/, 'signature=x') ?? '', {
      method: 'PUT',
      body: 'x',
    });
    expect(tampered.status).toBe(403);
    const complete = (who: Record<string, string>, partETags = etags) =>
      postJson(
        app,
        '/api/uploads/multipart/complete',
        { fileKey, uploadId, partETags, fileName: 'Big Notes.txt' },
        who,
      );
    expect((await complete(await newVisitor(app))).status).toBe(404);
    expect((await complete(owner, etags.slice(0, 1))).status).toBe(400);
    const done = await complete(owner);
    expect(done.status).toBe(200);
    const { file, presignedUrl } = MultipartCompleteResponse.parse(await done.json());
    expect([file.name, file.size, presignedUrl]).toEqual(['big-notes.txt', size, file.url]);
    const read = await app.request(presignedUrl, { headers: owner });
    expect(Number(read.headers.get('content-length'))).toBe(size);
    await read.body?.cancel();
  });

  it('refuses a multipart upload whose parts do not match, and keeps nothing', async () => {
    const owner = await newVisitor(app);
    const before = await count();
    const start = (body: unknown) => postJson(app, '/api/uploads/multipart', body, owner);
    expect((await start({ fileName: 'a.exe', fileSize: 10, contentType: 'x' })).status).toBe(415);
    expect(
      (await start({ fileName: 'a.png', fileSize: 30 * 1024 * 1024, contentType: 'image/png' })).status,
    ).toBe(413);
    expect((await start({ fileName: 'a.txt', fileSize: 0, contentType: 'text/plain' })).status).toBe(400);
    expect(await count()).toBe(before);

    const started = MultipartStartResponse.parse(
      await (await start({ fileName: 'fake.pdf', fileSize: 9, contentType: 'application/pdf' })).json(),
    );
    const put = await app.request(started.partUrls[0] ?? '', { method: 'PUT', body: 'not a pdf' });
    const wrongTag = await postJson(
      app,
      '/api/uploads/multipart/complete',
      {
        fileKey: started.fileKey,
        uploadId: started.uploadId,
        partETags: [{ PartNumber: 1, ETag: '"0000"' }],
        fileName: 'fake.pdf',
      },
      owner,
    );
    expect(wrongTag.status).toBe(400);
    expect(await count()).toBe(before);
    expect(put.status).toBe(200);
  });
});

import { UPLOAD_PART_BYTES } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../../test/support/local-s3';
import { loadConfig } from '../../config';
import { StorageRefused } from './storage';
import { storageProvider } from './storage-provider';

const secret = async () => 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

describe('the uploads storage provider', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());

  it('keeps files on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}, '/srv/doppel').configured.storage).toBe(false);
    expect(loadConfig({}, '/srv/doppel').offered.uploads).toBe(true);
    expect(loadConfig(s3.env, '/srv/doppel').configured.storage).toBe(true);
  });

  it('speaks the presigned multipart protocol with an S3-compatible server (s3rver)', async () => {
    const { storage } = storageProvider.create(loadConfig(s3.env, '/srv/doppel').storage, {
      authSecret: secret,
      dataDir: 'memory://',
    });
    expect(storage.kind).toBe('s3');
    const key = 'uploads/test/big.txt';
    const uploadId = await storage.startMultipart(key, 'text/plain');
    const expires = new Date(Date.now() + 60_000);
    const parts = [Buffer.alloc(UPLOAD_PART_BYTES, 'a'), Buffer.from('the end')];
    const etags = [];
    for (const [i, part] of parts.entries()) {
      const url = await storage.partUrl(key, uploadId, i + 1, expires);
      expect(url).toMatch(/X-Amz-Signature=/);
      const put = await fetch(url, { method: 'PUT', body: part });
      expect(put.status).toBe(200);
      etags.push({ partNumber: i + 1, etag: put.headers.get('etag') ?? '' });
    }
    // s3rver does not compare ETags on completion (S3 does; the local disk does, see routes/uploads.test.ts).
    await storage.completeMultipart(key, uploadId, etags);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(UPLOAD_PART_BYTES + 7);
    await opened?.body.cancel();
    expect(Buffer.from((await storage.read(key, 5)) ?? []).toString()).toBe('aaaaa');
    await storage.delete(key);
    expect(await storage.open(key)).toBeNull();
  });

  it('stores and reads a whole file on local disk', async () => {
    const { storage } = storageProvider.create(loadConfig({}, '/srv/doppel').storage, {
      authSecret: secret,
      dataDir: 'memory://',
    });
    await storage.put('uploads/x/a.txt', new TextEncoder().encode('hello'), 'text/plain');
    expect(Buffer.from((await storage.read('uploads/x/a.txt', 100)) ?? []).toString()).toBe('hello');
    await expect(storage.put('../escape', new Uint8Array(1), 'x')).rejects.toBeInstanceOf(StorageRefused);
    await storage.delete('uploads/x/a.txt');
  });
});

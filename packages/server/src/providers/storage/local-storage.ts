/**
 * @module Uploads on local disk (DESIGN §2), behind the same presigned multipart protocol as S3:
 * the server signs its own part addresses (HMAC-SHA256 over key, upload id, part and expiry, with
 * the server secret) and serves the PUT itself (routes/upload-parts.ts). Parts wait under
 * `.multipart/<uploadId>/`; completing checks every ETag (the part's MD5, as S3 gives it) and joins
 * them in order.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Storage, StorageRefused } from './storage';

/** The path of the part PUT route; the query carries key, uploadId, part, expires and signature. */
export const PART_PATH = '/api/uploads/parts';

export interface PartSignature {
  key: string;
  uploadId: string;
  part: number;
  expires: number;
}

export interface LocalStorage extends Storage {
  /** Whether `signature` was made by this server for these values (expiry not checked here). */
  verifyPart(values: PartSignature, signature: string): Promise<boolean>;
  /** Stores one part from `body`, at most `maxBytes`; answers its ETag (null: too large). */
  putPart(values: PartSignature, body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;
const SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function localStorage(root: string, secret: () => Promise<string>): LocalStorage {
  const base = resolve(root);
  const fileOf = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new StorageRefused('Bad storage key');
    return join(base, 'files', key);
  };
  const partsOf = (uploadId: string): string => {
    if (!SAFE_ID.test(uploadId)) throw new StorageRefused('Unknown upload');
    return join(base, '.multipart', uploadId);
  };
  const sign = async (v: PartSignature): Promise<string> =>
    createHmac('sha256', await secret())
      .update(`${v.key}\n${v.uploadId}\n${v.part}\n${v.expires}`)
      .digest('base64url');

  return {
    kind: 'local',
    async put(key, bytes) {
      const path = fileOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async read(key, maxBytes) {
      const handle = await open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      try {
        const size = (await handle.stat()).size;
        const buffer = Buffer.alloc(Math.min(size, maxBytes));
        await handle.read(buffer, 0, buffer.length, 0);
        return new Uint8Array(buffer);
      } finally {
        await handle.close();
      }
    },
    async open(key) {
      const path = fileOf(key);
      const info = await stat(path).catch(() => null);
      if (!info) return null;
      return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async startMultipart() {
      const uploadId = randomBytes(24).toString('base64url');
      await mkdir(partsOf(uploadId), { recursive: true });
      return uploadId;
    },
    async partUrl(key, uploadId, part, expiresAt) {
      const values = { key, uploadId, part, expires: Math.floor(expiresAt.getTime() / 1000) };
      const query = new URLSearchParams({
        key,
        uploadId,
        part: String(part),
        expires: String(values.expires),
        signature: await sign(values),
      });
      return `${PART_PATH}?${query}`;
    },
    async verifyPart(values, signature) {
      const expected = Buffer.from(await sign(values));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async putPart(values, body, maxBytes) {
      const dir = partsOf(values.uploadId);
      if (!(await stat(dir).catch(() => null))) throw new StorageRefused('Unknown upload');
      const temp = join(dir, `${values.part}.${randomBytes(6).toString('hex')}.tmp`);
      const md5 = createHash('md5');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new StorageRefused('Part too large'));
          md5.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(
          Readable.fromWeb(body as import('node:stream/web').ReadableStream),
          counter,
          createWriteStream(temp),
        );
      } catch (error) {
        await rm(temp, { force: true });
        if (error instanceof StorageRefused) return null;
        throw error;
      }
      const etag = `"${md5.digest('hex')}"`;
      await rename(temp, join(dir, String(values.part)));
      await writeFile(join(dir, `${values.part}.etag`), etag);
      return etag;
    },
    async completeMultipart(key, uploadId, parts) {
      const dir = partsOf(uploadId);
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      for (const [i, part] of ordered.entries()) {
        if (part.partNumber !== i + 1) throw new StorageRefused(`Part ${i + 1} is missing`);
        const etag = await readFile(join(dir, `${part.partNumber}.etag`), 'utf8').catch(() => null);
        if (etag === null || etag.replaceAll('"', '') !== part.etag.replaceAll('"', ''))
          throw new StorageRefused(`Part ${part.partNumber} does not match its ETag`);
      }
      const path = fileOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      const out = createWriteStream(temp);
      try {
        for (const part of ordered) {
          await pipeline(createReadStream(join(dir, String(part.partNumber))), out, { end: false });
        }
        await new Promise<void>((done, fail) =>
          out.end((error?: Error | null) => (error ? fail(error) : done())),
        );
      } catch (error) {
        out.destroy();
        await rm(temp, { force: true });
        throw error;
      }
      await rename(temp, path);
      await rm(dir, { recursive: true, force: true });
    },
    async abortMultipart(_key, uploadId) {
      await rm(partsOf(uploadId), { recursive: true, force: true });
    },
  };
}

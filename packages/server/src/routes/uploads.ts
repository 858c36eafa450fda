/**
 * @module Attachments (spec/chat.md §7, issue 10 §4): POST /api/upload (form fields `files` and
 * `bucket`), the presigned multipart upload for large files (POST /api/uploads/multipart, PUT each
 * part, POST /api/uploads/multipart/complete), and GET /api/uploads/:id for the file's owner. Every
 * file is checked by content, size and count before anything is kept (uploads/check-upload.ts).
 */
import { randomUUID } from 'node:crypto';
import { fileExtension, sanitizeFileName } from '@doppel/core';
import {
  MAX_DRAFT_FILES,
  MultipartCompleteRequest,
  MultipartStartRequest,
  partCount,
  UPLOAD_DIRECT_MAX_BYTES,
  type UploadedFile,
} from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { isUuid } from '../http/uuid';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { StorageRefused } from '../providers/storage';
import type { Owner } from '../store/conversations';
import {
  deleteUpload,
  findOwnMultipart,
  findOwnUpload,
  insertReady,
  insertUploading,
  markReady,
  type UploadRow,
} from '../store/uploads';
import { bytesToCheck, checkSize, checkUpload } from '../uploads/check-upload';
import { isAttachmentExtension } from '../uploads/detect-attachment';

export const FILE_NOT_FOUND = 'File not found';
export const UPLOAD_NOT_FOUND = 'Upload not found';
export const FORM_REQUIRED = 'Content-Type must be multipart/form-data';
export const NO_FILE = 'No file sent (form field "files")';
export const TOO_MANY_FILES = `At most ${MAX_DRAFT_FILES} files at once`;
export const BAD_BUCKET = 'Unknown bucket (use "consumer")';
const BUCKETS = new Set(['consumer']);
/** How long a part's presigned address is good for. */
const PART_URL_TTL_MS = 60 * 60 * 1000;

/** Where the owner reads an upload. */
export const uploadUrl = (id: string): string => `/api/uploads/${id}`;

export function toUploadedFile(row: UploadRow): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.size_bytes,
    kind: row.kind,
    url: uploadUrl(row.id),
  };
}

async function ownerOf<E extends AppEnv>(c: Context<E>): Promise<Owner> {
  const who = identityOf(c);
  const user = await who.user();
  return { userId: user?.id ?? null, visitorId: who.visitorId, stateless: who.stateless };
}

const storageKey = (name: string): string => `uploads/${randomUUID()}/${name}`;

export function uploadRoutes({ db, config, storage, logger }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };
  return new Hono<AppEnv>()
    .post('/upload', async (c) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
        return apiError(c, 415, FORM_REQUIRED);
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > MAX_DRAFT_FILES * UPLOAD_DIRECT_MAX_BYTES + 1024 * 1024)
        return apiError(c, 413, 'Request body too large: send large files through /api/uploads/multipart');
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        return apiError(c, 400, 'Malformed form body');
      }
      const bucket = form.bucket ?? 'consumer';
      if (typeof bucket !== 'string' || !BUCKETS.has(bucket)) return apiError(c, 400, BAD_BUCKET);
      const files = [form.files ?? []].flat().filter((f): f is File => typeof f !== 'string');
      if (files.length === 0) return apiError(c, 400, NO_FILE);
      if (files.length > MAX_DRAFT_FILES) return apiError(c, 400, TOO_MANY_FILES);

      // Every file is checked before any is kept: one bad file refuses them all.
      const checked = [];
      for (const file of files) {
        const name = sanitizeFileName(file.name);
        if (file.size > UPLOAD_DIRECT_MAX_BYTES)
          return apiError(c, 413, `${name} is too large to send whole: use the multipart upload`);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const check = await checkUpload(name, bytes, bytes.length);
        if (!check.ok) return apiError(c, check.status, check.reason);
        checked.push({ name, bytes, check });
      }
      const owner = await ownerOf(c);
      const stored: UploadRow[] = [];
      try {
        for (const { name, bytes, check } of checked) {
          const key = storageKey(name);
          await storage.put(key, bytes, check.attachment.contentType);
          stored.push(
            await insertReady(db, {
              name,
              contentType: check.attachment.contentType,
              kind: check.attachment.kind,
              size: bytes.length,
              storageKey: key,
              owner,
              chunks: check.chunks,
            }).catch(async (error: unknown) => {
              await storage.delete(key);
              throw error;
            }),
          );
        }
      } catch (error) {
        for (const row of stored) {
          await storage.delete(row.storage_key).catch(() => undefined);
          await deleteUpload(db, row.id);
        }
        throw error;
      }
      return c.json({ files: stored.map(toUploadedFile) }, 201);
    })
    .post('/uploads/multipart', jsonBody(MultipartStartRequest, limits), async (c) => {
      const body = c.var.body;
      if (!BUCKETS.has(body.bucketType)) return apiError(c, 400, BAD_BUCKET);
      const name = sanitizeFileName(body.fileName);
      const sized = checkSize(name, body.fileSize);
      if (sized && !sized.ok) return apiError(c, sized.status, sized.reason);
      const parts = partCount(body.fileSize);
      if (parts > 10_000) return apiError(c, 413, `${name} is too large`);
      // The type is checked by content once the parts are in; a name that cannot pass is refused now.
      if (!isAttachmentExtension(fileExtension(name)))
        return apiError(c, 415, `${name}: files of this type cannot be attached`);

      const key = storageKey(name);
      const uploadId = await storage.startMultipart(key, 'application/octet-stream');
      const expires = new Date(Date.now() + PART_URL_TTL_MS);
      const partUrls = await Promise.all(
        Array.from({ length: parts }, (_, i) => storage.partUrl(key, uploadId, i + 1, expires)),
      );
      await insertUploading(db, {
        name,
        contentType: 'application/octet-stream',
        kind: 'document',
        size: body.fileSize,
        storageKey: key,
        multipartId: uploadId,
        owner: await ownerOf(c),
      });
      return c.json({ uploadId, partUrls, fileKey: key }, 201);
    })
    .post('/uploads/multipart/complete', jsonBody(MultipartCompleteRequest, limits), async (c) => {
      const body = c.var.body;
      const row = await findOwnMultipart(db, {
        key: body.fileKey,
        multipartId: body.uploadId,
        owner: await ownerOf(c),
      });
      if (!row) return apiError(c, 404, UPLOAD_NOT_FOUND);
      const expected = partCount(row.size_bytes);
      if (body.partETags.length !== expected)
        return apiError(c, 400, `Expected ${expected} parts, got ${body.partETags.length}`);
      const parts = body.partETags.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag }));
      const refuse = async (status: 400 | 413 | 415, reason: string) => {
        await storage.abortMultipart(row.storage_key, body.uploadId);
        await storage.delete(row.storage_key).catch(() => undefined);
        await deleteUpload(db, row.id);
        return apiError(c, status, reason);
      };
      try {
        await storage.completeMultipart(row.storage_key, body.uploadId, parts);
      } catch (error) {
        if (!(error instanceof StorageRefused)) throw error;
        return refuse(400, error.message);
      }
      const opened = await storage.open(row.storage_key);
      await opened?.body.cancel();
      if (!opened || opened.size !== row.size_bytes)
        return refuse(
          400,
          `The parts add up to ${opened?.size ?? 0} bytes, not the ${row.size_bytes} announced`,
        );
      const bytes = (await storage.read(row.storage_key, bytesToCheck(row.name))) ?? new Uint8Array(0);
      const check = await checkUpload(row.name, bytes, row.size_bytes);
      if (!check.ok) return refuse(check.status, check.reason);
      const ready = await markReady(db, {
        id: row.id,
        contentType: check.attachment.contentType,
        kind: check.attachment.kind,
        chunks: check.chunks,
      });
      logger.debug(`upload ${ready.id}: ${ready.name}, ${ready.size_bytes} bytes in ${expected} parts`);
      return c.json({ presignedUrl: uploadUrl(ready.id), file: toUploadedFile(ready) });
    })
    .get('/uploads/:id', async (c) => {
      const id = c.req.param('id');
      const row = isUuid(id) ? await findOwnUpload(db, id, await ownerOf(c)) : null;
      if (row?.status !== 'ready') return apiError(c, 404, FILE_NOT_FOUND);
      const file = await storage.open(row.storage_key);
      if (!file) return apiError(c, 404, FILE_NOT_FOUND);
      // Only images show in the page; a document (an HTML file too) is a download, never a page.
      const disposition = row.kind === 'image' ? 'inline' : 'attachment';
      return c.body(file.body, 200, {
        'Content-Type': row.content_type,
        'Content-Length': String(file.size),
        'Content-Disposition': `${disposition}; filename="${row.name}"`,
        'Content-Security-Policy': "default-src 'none'",
        'Cache-Control': 'private, max-age=3600',
      });
    });
}

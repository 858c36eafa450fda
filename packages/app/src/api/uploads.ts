/**
 * @module Sending attachments (spec/chat.md §7): a file up to one part goes whole to POST /api/upload
 * (form fields `files` and `bucket`); a larger one through the presigned multipart protocol — POST
 * /api/uploads/multipart, PUT each 30 MB part to its address (5 at a time per batch), read each
 * ETag, then POST /api/uploads/multipart/complete.
 */
import {
  MultipartCompleteResponse,
  MultipartStartResponse,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_BYTES,
  type UploadedFile,
  UploadResponse,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

export const UPLOAD_BUCKET = 'consumer';

/** Uploads one file; resolves with the stored file, rejects with the server's reason. */
export async function uploadFile(api: ApiClient, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  if (file.size > UPLOAD_PART_BYTES) return uploadInParts(api, file, signal);
  const form = new FormData();
  form.append('files', file, file.name);
  form.append('bucket', UPLOAD_BUCKET);
  const answer = await api.request('/upload', UploadResponse, {
    method: 'POST',
    form,
    ...(signal && { signal }),
  });
  const stored = answer.files[0];
  if (!stored) throw new ApiError(500, 'Upload failed.');
  return stored;
}

async function uploadInParts(api: ApiClient, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const started = await api.request('/uploads/multipart', MultipartStartResponse, {
    method: 'POST',
    body: { fileName: file.name, fileSize: file.size, contentType: file.type, bucketType: UPLOAD_BUCKET },
    ...(signal && { signal }),
  });
  const partETags: { PartNumber: number; ETag: string }[] = [];
  // spec/chat.md §9: 5 parts in parallel per batch.
  for (let batch = 0; batch < started.partUrls.length; batch += UPLOAD_PARALLEL_PARTS) {
    const urls = started.partUrls.slice(batch, batch + UPLOAD_PARALLEL_PARTS);
    const tags = await Promise.all(
      urls.map(async (url, i) => {
        const number = batch + i + 1;
        const part = file.slice((number - 1) * UPLOAD_PART_BYTES, number * UPLOAD_PART_BYTES);
        const response = await fetch(url, { method: 'PUT', body: part, ...(signal && { signal }) });
        const etag = response.headers.get('ETag');
        if (!response.ok || !etag) throw await ApiError.fromResponse(response);
        return { PartNumber: number, ETag: etag };
      }),
    );
    partETags.push(...tags);
  }
  const done = await api.request('/uploads/multipart/complete', MultipartCompleteResponse, {
    method: 'POST',
    body: { fileKey: started.fileKey, uploadId: started.uploadId, partETags, fileName: file.name },
    ...(signal && { signal }),
  });
  return done.file;
}

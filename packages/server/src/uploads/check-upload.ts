/**
 * @module Every check an upload passes before anything is kept (issue 10 §4): an attachment type,
 * content that is that type (detect-attachment.ts), a size within its kind's limit, and — for a
 * document — text that can be read. The answer says what the file is and its passages, or why not.
 */
import { fileExtension } from '@doppel/core';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_READ_MAX_BYTES } from '@doppel/protocol';
import { chunkText } from './chunk-text';
import { type Attachment, detectAttachment, isAttachmentExtension } from './detect-attachment';
import { extractDocumentText } from './extract-text';

export type UploadCheck =
  | { ok: true; attachment: Attachment; chunks: string[] }
  | { ok: false; status: 400 | 413 | 415; reason: string };

const MB = 1024 * 1024;
/** Types read whole (zips and PDFs); text types are read from their start. */
const READ_WHOLE = new Set(['pdf', 'docx', 'pptx', 'xlsx', 'epub', 'rtf']);
/** How much of a text file is read: enough for MAX_TEXT_CHARS. */
const TEXT_READ_BYTES = 4 * MB;

/** The size check, before any byte is read (a multipart upload announces its size). */
export function checkSize(name: string, size: number): UploadCheck | null {
  const ext = fileExtension(name);
  if (!isAttachmentExtension(ext)) return null;
  if (size > UPLOAD_MAX_BYTES) return tooLarge(name, UPLOAD_MAX_BYTES);
  if ((ext === 'png' || ext === 'jpg' || ext === 'jpeg') && size > UPLOAD_IMAGE_MAX_BYTES)
    return tooLarge(name, UPLOAD_IMAGE_MAX_BYTES);
  if (READ_WHOLE.has(ext) && size > UPLOAD_READ_MAX_BYTES) return tooLarge(name, UPLOAD_READ_MAX_BYTES);
  return null;
}

const tooLarge = (name: string, limit: number): UploadCheck => ({
  ok: false,
  status: 413,
  reason: `${name} is too large (${Math.round(limit / MB)} MB at most)`,
});

/** How many bytes of a file named `name` the check needs. */
export function bytesToCheck(name: string): number {
  const ext = fileExtension(name);
  if (READ_WHOLE.has(ext)) return UPLOAD_READ_MAX_BYTES;
  if (ext === 'png' || ext === 'jpg' || ext === 'jpeg') return 64 * 1024;
  return TEXT_READ_BYTES;
}

/** Checks `bytes` (the file, or as much of it as `bytesToCheck` asks) of a file named `name` (sanitised). */
export async function checkUpload(name: string, bytes: Uint8Array, size: number): Promise<UploadCheck> {
  const sized = checkSize(name, size);
  if (sized) return sized;
  const detected = await detectAttachment(bytes, fileExtension(name));
  if (!detected.ok) return { ok: false, status: 415, reason: `${name}: ${detected.reason}` };
  const { attachment } = detected;
  if (attachment.kind === 'image') return { ok: true, attachment, chunks: [] };
  let text: string;
  try {
    text = await extractDocumentText(bytes, attachment.extension);
  } catch {
    return { ok: false, status: 415, reason: `${name}: the file could not be read` };
  }
  if (text.trim() === '') return { ok: false, status: 415, reason: `${name}: the file has no text to read` };
  return { ok: true, attachment, chunks: chunkText(text) };
}

import { z } from 'zod';
import { MAX_DRAFT_FILES, UPLOAD_PART_BYTES } from './constants';

/**
 * spec/chat.md §5: the attachment types (the later list: documents and images). Each is checked by
 * its content on the server; the extension only says which check applies.
 */
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'docx',
  'pptx',
  'xlsx',
  'html',
  'txt',
  'srt',
  'epub',
  'md',
  'rtf',
  'csv',
  'jpg',
  'jpeg',
  'png',
] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/** The `accept` of the file picker. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** A file the caller uploaded (POST /api/upload, or a completed multipart upload). */
export const UploadedFile = z.object({
  id: z.string(),
  /** The sanitised name (spec/chat.md §5). */
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  kind: z.enum(['image', 'document']),
  /** Where its owner reads it (GET /api/uploads/:id). */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

/** POST /api/upload answers the files stored, in the order sent. */
export const UploadResponse = z.object({ files: z.array(UploadedFile) });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** POST /api/uploads/multipart (spec/chat.md §7): a large file, sent in 30 MB parts. */
export const MultipartStartRequest = z.object({
  fileName: z.string().trim().min(1).max(255),
  fileSize: z.number().int().min(1),
  contentType: z.string().max(200),
  bucketType: z.string().max(50).default('consumer'),
});
export type MultipartStartRequest = z.infer<typeof MultipartStartRequest>;

export const MultipartStartResponse = z.object({
  uploadId: z.string(),
  /** One presigned PUT address per part of UPLOAD_PART_BYTES, in part order. */
  partUrls: z.array(z.string()),
  fileKey: z.string(),
});
export type MultipartStartResponse = z.infer<typeof MultipartStartResponse>;

/** POST /api/uploads/multipart/complete */
export const MultipartCompleteRequest = z.object({
  fileKey: z.string().min(1).max(500),
  uploadId: z.string().min(1).max(1_000),
  partETags: z
    .array(z.object({ PartNumber: z.number().int().min(1).max(10_000), ETag: z.string().min(1).max(200) }))
    .min(1)
    .max(10_000),
  fileName: z.string().trim().min(1).max(255),
});
export type MultipartCompleteRequest = z.infer<typeof MultipartCompleteRequest>;

/** `presignedUrl` as spec/chat.md §7 names it (where the file is read), and the stored file. */
export const MultipartCompleteResponse = z.object({ presignedUrl: z.string(), file: UploadedFile });
export type MultipartCompleteResponse = z.infer<typeof MultipartCompleteResponse>;

/** How many parts a file of `size` bytes is sent in. */
export function partCount(size: number): number {
  return Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES));
}

/** The ids of uploaded files sent with a message (at most MAX_DRAFT_FILES). */
export const MessageFileIds = z.array(z.uuid()).max(MAX_DRAFT_FILES, `At most ${MAX_DRAFT_FILES} files`);

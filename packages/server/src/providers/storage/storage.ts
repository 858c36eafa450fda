/** @module Where uploaded files live: one interface over local disk and S3-compatible stores. */

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores a whole object (the direct upload). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Reads the object, the first `maxBytes` of it at most; null when there is none. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
  /** The object as a stream with its size; null when there is none. */
  open(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Starts a multipart upload (spec/chat.md §7); answers the storage's upload id. */
  startMultipart(key: string, contentType: string): Promise<string>;
  /** A presigned PUT address for one part, good until `expiresAt`. */
  partUrl(key: string, uploadId: string, partNumber: number, expiresAt: Date): Promise<string>;
  /** Joins the parts (their ETags as the PUTs answered them); rejects when one is missing or wrong. */
  completeMultipart(key: string, uploadId: string, parts: readonly CompletedPart[]): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

/** A part or upload that does not check out (a wrong ETag, a missing part): the caller's fault. */
export class StorageRefused extends Error {}

/**
 * @module Uploads in any S3-compatible store (AWS S3, MinIO, R2, …) through the official
 * `@aws-sdk/client-s3`; part addresses are presigned with `@aws-sdk/s3-request-presigner`, so the
 * browser PUTs each part to the store itself (the bucket's CORS must expose `ETag`).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Storage, StorageRefused } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

const missing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.accessKeyId &&
      settings.secretAccessKey && {
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
  });
  const Bucket = settings.bucket;

  async function get(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range && { Range: range }) }));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async read(key, maxBytes) {
      const object = await get(key, `bytes=0-${Math.max(0, maxBytes - 1)}`);
      return object?.Body ? object.Body.transformToByteArray() : null;
    },
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async startMultipart(key, contentType) {
      const started = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!started.UploadId) throw new Error('The store answered no upload id');
      return started.UploadId;
    },
    async partUrl(key, uploadId, partNumber, expiresAt) {
      const expiresIn = Math.max(60, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn },
      );
    },
    async completeMultipart(key, uploadId, parts) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.partNumber - b.partNumber)
                .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
            },
          }),
        );
      } catch (error) {
        if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500)
          throw new StorageRefused(`The parts do not match: ${error.name}`);
        throw error;
      }
    },
    async abortMultipart(key, uploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
    },
  };
}

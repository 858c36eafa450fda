/**
 * @module Uploads and recordings (DESIGN §2): local disk under UPLOADS_DIR by default (DATA_DIR's
 * `uploads/`), any S3-compatible store with S3_BUCKET. Both speak the same presigned multipart
 * protocol of spec/chat.md §7. Local disk suits one server process (or several sharing one disk);
 * several processes on several machines need S3.
 */
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { flag, optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';
import { type LocalStorage, localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

export const storageProvider = provider({
  title: 'Uploads (storage)',
  concern: 'uploads and recordings',
  localDefault: 'files on local disk under `UPLOADS_DIR`, behind the same presigned multipart protocol',
  real: 'any S3-compatible store (`@aws-sdk/client-s3`): AWS S3, MinIO, Cloudflare R2, …',
  settings: {
    UPLOADS_DIR: setting(
      optional,
      '`$DATA_DIR/uploads` (a temporary folder when `DATA_DIR` is `memory://`)',
      'Where uploaded files are kept on local disk.',
    ),
    S3_BUCKET: setting(optional, 'unset: local disk', 'The bucket uploads go to.'),
    S3_ENDPOINT: setting(optionalUrl, 'unset: AWS', 'The S3-compatible endpoint (MinIO, R2, …).'),
    S3_REGION: setting(optional, '`us-east-1`', 'The bucket’s region.'),
    S3_ACCESS_KEY_ID: setting(optional, 'unset: the AWS default chain', 'Access key of the store.'),
    S3_SECRET_ACCESS_KEY: setting(optional, 'unset', 'Secret of `S3_ACCESS_KEY_ID`.'),
    S3_FORCE_PATH_STYLE: setting(
      flag(false),
      'off',
      '`on` for stores that want `endpoint/bucket/key` addresses (MinIO, most self-hosted ones).',
    ),
  },
  read: (e) => {
    return {
      /** null: under the server's DATA_DIR (see `create`). */
      localDir: e.UPLOADS_DIR ? (isAbsolute(e.UPLOADS_DIR) ? e.UPLOADS_DIR : resolve(e.UPLOADS_DIR)) : null,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT ?? null,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    };
  },
  configured: (c) => c.s3 !== null,
  offers: () => ({ uploads: true }),
  create: (
    c,
    deps: { authSecret: () => Promise<string>; dataDir: string },
  ): { storage: Storage; local: LocalStorage | null } => {
    if (c.s3) return { storage: s3Storage(c.s3), local: null };
    const dir =
      c.localDir ??
      (deps.dataDir === 'memory://'
        ? join(tmpdir(), `doppel-uploads-${process.pid}`)
        : join(deps.dataDir, 'uploads'));
    const local = localStorage(dir, deps.authSecret);
    return { storage: local, local };
  },
});

export type StorageConfig = ReturnType<typeof storageProvider.read>;

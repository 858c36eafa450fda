/** @module A local S3-compatible server for tests (s3rver, no Docker): one bucket, S3RVER credentials. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const LOCAL_S3_BUCKET = 'doppel-test';

export async function startLocalS3() {
  const directory = mkdtempSync(join(tmpdir(), 'doppel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: LOCAL_S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: LOCAL_S3_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

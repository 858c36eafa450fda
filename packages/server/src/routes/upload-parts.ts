/**
 * @module The local disk's presigned part PUT (spec/chat.md §7): the address the server signed in
 * POST /api/uploads/multipart is the authority (HMAC over key, upload id, part and expiry), as an
 * S3 presigned URL is; no visitor cookie is needed or set. Answers 200 with the part's `ETag`.
 */
import { UPLOAD_PART_BYTES } from '@doppel/protocol';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { StorageRefused } from '../providers/storage';

const PartQuery = z.object({
  key: z.string().min(1).max(500),
  uploadId: z.string().min(1).max(100),
  part: z.coerce.number().int().min(1).max(10_000),
  expires: z.coerce.number().int().min(0),
  signature: z.string().min(1).max(200),
});

export const BAD_SIGNATURE = 'This upload address is not valid';
export const EXPIRED = 'This upload address has expired';

export function uploadPartRoutes({ localStorage, clock }: AppDeps) {
  return new Hono().put('/uploads/parts', async (c) => {
    if (!localStorage) return apiError(c, 404, 'Not found');
    const query = PartQuery.safeParse(c.req.query());
    if (!query.success) return apiError(c, 400, BAD_SIGNATURE);
    const { signature, ...values } = query.data;
    if (!(await localStorage.verifyPart(values, signature))) return apiError(c, 403, BAD_SIGNATURE);
    if (values.expires * 1000 < clock.now().getTime()) return apiError(c, 403, EXPIRED);
    if (!c.req.raw.body) return apiError(c, 400, 'The part is empty');
    try {
      const etag = await localStorage.putPart(values, c.req.raw.body, UPLOAD_PART_BYTES);
      if (etag === null) return apiError(c, 413, `A part is at most ${UPLOAD_PART_BYTES} bytes`);
      // The browser reads the ETag of a same-origin answer; S3 needs CORS to expose it.
      return c.body(null, 200, { ETag: etag });
    } catch (error) {
      if (error instanceof StorageRefused) return apiError(c, 404, error.message);
      throw error;
    }
  });
}

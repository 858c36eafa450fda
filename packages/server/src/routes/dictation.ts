/**
 * @module POST /api/clones/:slug/dictation (spec/calls.md §4): a voice memo recorded in the chat
 * prompt, recognised by the local recogniser with the clone's own language model. The page sends
 * the text as a chat message, so nothing is stored here.
 */
import {
  DICTATION_FAILED,
  DICTATION_MAX_SECONDS,
  DICTATION_SAMPLE_RATE,
  type DictationResponse,
} from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { describeError } from '../logger';
import { type AppEnv, identityOf } from '../middleware/identity';
import { cloneLanguageModels } from '../speech/clone-language-model';
import { findCloneBySlug } from '../store/clones';
import { takeSlot } from '../store/rate-events';
import { CLONE_NOT_FOUND } from './clones';
import { IDENTITY_REQUIRED } from './messages';

const HOUR_MS = 60 * 60 * 1000;
/** The largest recording: DICTATION_MAX_SECONDS of 16-bit mono, and a header. */
const MAX_BYTES = DICTATION_SAMPLE_RATE * 2 * DICTATION_MAX_SECONDS + 1_024;
export const NOT_OFFERED = 'Dictation is not available on this site.';
export const WAV_REQUIRED = `Send the recording as a 16 kHz mono 16-bit WAV of at most ${DICTATION_MAX_SECONDS} s (Content-Type: audio/wav).`;
export const TOO_MANY_DICTATIONS = 'Too many recordings. Try again later.';

export function dictationRoutes(deps: AppDeps) {
  const { db, config, clock, logger, recogniser } = deps;
  const models = recogniser ? cloneLanguageModels(db, recogniser) : null;
  return new Hono<AppEnv>().post('/clones/:slug/dictation', async (c) => {
    if (!recogniser || !models) return apiError(c, 404, NOT_OFFERED);
    const identity = identityOf(c);
    if (identity.freshVisitor && !(await identity.user())) return apiError(c, 401, IDENTITY_REQUIRED);
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'audio/wav' && type !== 'audio/x-wav' && type !== 'audio/wave')
      return apiError(c, 415, WAV_REQUIRED);
    const clone = await findCloneBySlug(db, c.req.param('slug'));
    if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
    const body = await readAtMost(c.req.raw, MAX_BYTES);
    if (body === null) return apiError(c, 413, WAV_REQUIRED);
    if (!isDictationWav(body)) return apiError(c, 400, WAV_REQUIRED);
    const allowed = await takeSlot(db, {
      bucket: 'dictation',
      key: clientIp(c, config.auth),
      limit: recogniser.perIpPerHour,
      windowMs: HOUR_MS,
      now: clock.now(),
    });
    if (!allowed) return apiError(c, 429, TOO_MANY_DICTATIONS);
    try {
      const text = await recogniser.transcribe(body, await models(clone.id));
      const answer: DictationResponse = { text };
      return c.json(answer);
    } catch (error) {
      logger.warn(`dictation for ${clone.slug} failed: ${describeError(error)}`);
      return apiError(c, 502, DICTATION_FAILED);
    }
  });
}

/** RIFF/WAVE, PCM, one channel, 16 kHz, 16 bits, with some audio in a `data` chunk. */
export function isDictationWav(bytes: Buffer): boolean {
  if (
    bytes.length < 44 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  )
    return false;
  let offset = 12;
  let format = false;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ' && size >= 16 && offset + 24 <= bytes.length) {
      format =
        bytes.readUInt16LE(offset + 8) === 1 &&
        bytes.readUInt16LE(offset + 10) === 1 &&
        bytes.readUInt32LE(offset + 12) === DICTATION_SAMPLE_RATE &&
        bytes.readUInt16LE(offset + 22) === 16;
    }
    if (id === 'data') return format && size > 0 && offset + 8 + Math.min(size, 2) <= bytes.length;
    offset += 8 + size + (size % 2);
  }
  return false;
}

/** The request body, or null when it is longer than `max` bytes (reading stops there). */
async function readAtMost(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

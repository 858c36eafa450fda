/**
 * @module POST /api/voice-failures (spec/calls.md §7, §8): the pages report a failed voice call or
 * voice memo; the server keeps it for the operator, who reads them with `doppel failures`. Limited
 * per client address; nothing is kept for an unknown clone.
 */
import { VoiceFailureReport } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug } from '../store/clones';
import { takeSlot } from '../store/rate-events';
import { CLONE_NOT_FOUND } from './clones';
import { IDENTITY_REQUIRED } from './messages';

const HOUR_MS = 60 * 60 * 1000;
export const FAILURES_PER_IP_PER_HOUR = 60;
export const TOO_MANY_REPORTS = 'Too many reports. Try again later.';

export function voiceFailureRoutes({ db, config, clock }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/voice-failures',
    jsonBody(VoiceFailureReport, { maxBytes: 4_096 }),
    async (c) => {
      const owner = await ownerOf(c);
      if (identityOf(c).freshVisitor && owner.userId === null) return apiError(c, 401, IDENTITY_REQUIRED);
      const report = c.var.body;
      const clone = await findCloneBySlug(db, report.slug);
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      const allowed = await takeSlot(db, {
        bucket: 'voice-failure',
        key: clientIp(c, config.auth),
        limit: FAILURES_PER_IP_PER_HOUR,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      if (!allowed) return apiError(c, 429, TOO_MANY_REPORTS);
      await db.query(
        `INSERT INTO voice_failures (event, clone_id, message, cause, outcome, user_id, visitor_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          report.event_id,
          clone.id,
          report.message,
          report.cause ?? null,
          report.outcome ?? null,
          owner.userId,
          owner.userId ? null : owner.visitorId,
        ],
      );
      return c.json({ ok: true });
    },
  );
}

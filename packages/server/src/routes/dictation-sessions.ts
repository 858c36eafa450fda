/**
 * @module A voice memo's session (spec/calls.md §4, §7 "a server call issues a live-transcription
 * key"): POST /api/clones/:slug/dictation/sessions says how the memo is heard — by Gladia, live,
 * through a session opened here (the browser gets its WebSocket URL, never the API key), or by
 * the local recogniser (POST /dictation). GET …/sessions/:id reads a Gladia session's full
 * transcript for the visitor who opened it (Gladia keeps the owner with the session).
 */
import { DICTATION_FAILED, type DictationResponse, type DictationSession } from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { describeError } from '../logger';
import { type AppEnv, identityOf } from '../middleware/identity';
import { gladiaLanguage, type LiveSessionOwner } from '../providers/gladia';
import { findCloneBySlug } from '../store/clones';
import { takeSlot } from '../store/rate-events';
import { CLONE_NOT_FOUND } from './clones';
import { NOT_OFFERED, TOO_MANY_DICTATIONS } from './dictation';
import { IDENTITY_REQUIRED } from './messages';

const HOUR_MS = 60 * 60 * 1000;
export const SESSION_NOT_FOUND = 'No such dictation session.';
export const BAD_SESSION_ID = 'A dictation session id is letters, digits and dashes.';

export function dictationSessionRoutes(deps: AppDeps) {
  const { db, config, clock, logger, recogniser, liveTranscription } = deps;

  /** Who may read the session: the signed-in user, else the visitor; null for a caller with neither. */
  const ownerOf = async (c: Context<AppEnv>, clone: string): Promise<LiveSessionOwner | null> => {
    const identity = identityOf(c);
    const user = await identity.user();
    if (user) return { clone, visitor: `user:${user.id}` };
    return identity.freshVisitor ? null : { clone, visitor: `visitor:${identity.visitorId}` };
  };

  return new Hono<AppEnv>()
    .post('/clones/:slug/dictation/sessions', async (c) => {
      if (!liveTranscription && !recogniser) return apiError(c, 404, NOT_OFFERED);
      const clone = await findCloneBySlug(db, c.req.param('slug'));
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      const owner = await ownerOf(c, clone.slug);
      if (!owner) return apiError(c, 401, IDENTITY_REQUIRED);
      if (!liveTranscription) {
        const local: DictationSession = { provider: 'local' };
        return c.json(local);
      }
      const allowed = await takeSlot(db, {
        bucket: 'dictation',
        key: clientIp(c, config.auth),
        limit: config.speech.perIpPerHour,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      if (!allowed) return apiError(c, 429, TOO_MANY_DICTATIONS);
      try {
        const { id, url } = await liveTranscription.start(owner, gladiaLanguage(clone.language));
        const session: DictationSession = { provider: 'gladia', id, url };
        return c.json(session, 201);
      } catch (error) {
        logger.warn(`dictation session for ${clone.slug} failed: ${describeError(error)}`);
        return apiError(c, 502, DICTATION_FAILED);
      }
    })
    .get('/clones/:slug/dictation/sessions/:id', async (c) => {
      if (!liveTranscription) return apiError(c, 404, NOT_OFFERED);
      const id = c.req.param('id');
      if (!/^[A-Za-z0-9-]{1,100}$/.test(id)) return apiError(c, 400, BAD_SESSION_ID);
      const owner = await ownerOf(c, c.req.param('slug'));
      if (!owner) return apiError(c, 404, SESSION_NOT_FOUND);
      try {
        const session = await liveTranscription.result(id);
        if (!session || session.owner?.clone !== owner.clone || session.owner.visitor !== owner.visitor)
          return apiError(c, 404, SESSION_NOT_FOUND);
        // Still processing: nothing more than the live transcript the page already has.
        const answer: DictationResponse = { text: session.transcript?.trim() ?? '' };
        return c.json(answer);
      } catch (error) {
        logger.warn(`dictation session ${id} could not be read: ${describeError(error)}`);
        return apiError(c, 502, DICTATION_FAILED);
      }
    });
}

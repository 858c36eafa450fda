/**
 * @module POST /api/calls/voice (spec/calls.md §4, §7; DESIGN §4): starts a browser voice call
 * on the local pipeline. The caller's first second is charged at once — no time left answers 402
 * and nothing is written — then a BROWSER_VOICE conversation is opened and the app gets a ticket
 * to its socket (calls/voice-sockets.ts), good for a minute. A call made in an embed names its
 * configuration (`configId`): the configuration's call limit, if any, goes into the ticket and
 * the session ends the call at it (spec/calls.md §4). With Vapi configured the same start
 * answers a Vapi call instead (calls/start-vapi-call.ts), held in the caller's language (§3, §5:
 * one of the voice languages; the clone's own language when the caller names none).
 */

import { voiceLanguageOf } from '@doppel/core';
import {
  CALL_QUOTA_EXHAUSTED,
  CloneOptions,
  StartVoiceCallRequest,
  type StartVoiceCallResponse,
} from '@doppel/protocol';
import { Hono } from 'hono';
import { CALL_TOKEN_TTL_MS, signCallToken } from '../calls/call-token';
import { startVapiCall } from '../calls/start-vapi-call';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { describeError } from '../logger';
import { type AppEnv, identityOf, ownerOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { chargeSeconds } from '../store/charge-seconds';
import { findCloneBySlug, findInstance } from '../store/clones';
import { createConversation } from '../store/conversations';
import { findEmbedConfig } from '../store/embed-configs';
import { findCloneVoice } from '../store/tts-audio';
import { CLONE_NOT_FOUND } from './clones';
import { EMBED_CONFIG_NOT_FOUND } from './embed-configs';
import { IDENTITY_REQUIRED } from './messages';

export const VOICE_NOT_OFFERED = 'Voice calls are not available on this site.';
export const VOICE_NOT_ALLOWED = 'This clone does not take calls.';
export const VOICE_SOCKET_PATH = '/api/calls/voice/socket';
export const VOICE_PROVIDER_FAILED = 'The call could not be started. Try again in a few minutes.';

export function callRoutes(deps: AppDeps) {
  const { db, config, clock, vapi, logger } = deps;
  return new Hono<AppEnv>().post(
    '/calls/voice',
    jsonBody(StartVoiceCallRequest, { maxBytes: config.jsonBodyLimitBytes }),
    async (c) => {
      if ((!vapi && !deps.recogniser) || !config.offered.voiceCall)
        return apiError(c, 404, VOICE_NOT_OFFERED);
      const identity = identityOf(c);
      const owner = await ownerOf(c);
      if (identity.freshVisitor && owner.userId === null) return apiError(c, 401, IDENTITY_REQUIRED);
      const body = c.var.body;
      const clone = await findCloneBySlug(db, body.slug);
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      if (!CloneOptions.parse(clone.options ?? {}).allowVoice) return apiError(c, 403, VOICE_NOT_ALLOWED);
      const instance = body.instanceSlug ? await findInstance(db, clone.id, body.instanceSlug) : null;
      if (body.instanceSlug && !instance) return apiError(c, 404, CLONE_NOT_FOUND);
      const instanceId = instance?.id ?? null;
      // An embed configuration of another clone (or none of that id) is no configuration of this call.
      const embedConfig = body.configId ? await findEmbedConfig(db, body.configId) : null;
      if (body.configId && embedConfig?.clone_id !== clone.id)
        return apiError(c, 404, EMBED_CONFIG_NOT_FOUND);
      const callLimitSeconds = embedConfig?.call_limit_seconds ?? null;
      const first = await chargeSeconds(db, {
        resource: 'voice_seconds',
        userId: owner.userId,
        visitorId: owner.visitorId,
        cloneId: clone.id,
        instanceId,
        seconds: 1,
        now: clock.now(),
      });
      if (first.status !== 'charged') return apiError(c, 402, CALL_QUOTA_EXHAUSTED);
      const conversation = await createConversation(db, {
        cloneId: clone.id,
        instanceId,
        medium: 'BROWSER_VOICE',
        owner,
      });
      if (vapi) {
        const voice = await findCloneVoice(db, clone.slug);
        try {
          const answer = await startVapiCall(deps, vapi, {
            clone: { id: clone.id, slug: clone.slug, name: clone.name, voice: voice?.voice ?? null },
            instanceId,
            userId: owner.userId,
            visitorId: owner.visitorId,
            conversationId: conversation.id,
            language: voiceLanguageOf(body.language ?? clone.language),
            charged: first.granted,
            callLimitSeconds,
          });
          return c.json(answer);
        } catch (error) {
          logger.warn(`Vapi refused call ${conversation.id}: ${describeError(error)}`);
          return apiError(c, 502, VOICE_PROVIDER_FAILED);
        }
      }
      const token = signCallToken(await deps.authSecret(), {
        conversationId: conversation.id,
        cloneId: clone.id,
        slug: clone.slug,
        instanceId,
        userId: owner.userId,
        visitorId: owner.visitorId,
        stateless: owner.stateless,
        charged: first.granted,
        callLimitSeconds,
        expiresAt: clock.now().getTime() + CALL_TOKEN_TTL_MS,
      });
      const answer: StartVoiceCallResponse = {
        provider: 'local',
        conversationId: conversation.id,
        socketPath: `${VOICE_SOCKET_PATH}?call=${encodeURIComponent(token)}`,
        callLimitSeconds,
      };
      return c.json(answer);
    },
  );
}

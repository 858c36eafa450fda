/**
 * @module Starts a browser voice call on Vapi (spec/calls.md §7 initiateVoiceCall; issue 11): a
 * key for the brain made for this call alone (revoked when the call ends), the call's assistant
 * (providers/vapi/vapi-assistant.ts), `POST /call/web` with the private key, and the call kept
 * (`vapi_calls`) so that its end-of-call report is charged and written to the right place.
 */

import { VoiceSettings } from '@doppel/brain';
import type { Language } from '@doppel/core';
import type { VapiVoiceCall } from '@doppel/protocol';
import type { AppDeps } from '../deps';
import type { VapiCalls } from '../providers/vapi';
import { vapiAssistant } from '../providers/vapi';
import { createApiKey, revokeApiKey } from '../store/api-keys';
import { recordVapiCall } from '../store/vapi-calls';
import { MAX_CALL_SECONDS } from './voice-session';

export const VAPI_MODEL_PATH = '/api/openai/v1/vapi';
export const VAPI_WEBHOOK_PATH = '/api/webhooks/vapi';

export interface VapiCallInput {
  clone: { id: string; slug: string; name: string; voice: unknown };
  instanceId: string | null;
  userId: string | null;
  visitorId: string;
  conversationId: string;
  language: Language;
  /** Seconds already charged (the first one). */
  charged: number;
  callLimitSeconds: number | null;
}

export async function startVapiCall(
  { db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  vapi: VapiCalls,
  input: VapiCallInput,
): Promise<VapiVoiceCall> {
  const relationship = input.userId
    ? await db.query<{ id: string }>('SELECT id FROM relationships WHERE user_id = $1 AND clone_id = $2', [
        input.userId,
        input.clone.id,
      ])
    : [];
  const key = await createApiKey(db, { cloneId: input.clone.id, name: `Vapi call ${input.conversationId}` });
  try {
    const assistant = vapiAssistant({
      cloneName: input.clone.name,
      language: input.language,
      voice: VoiceSettings.nullable()
        .catch(null)
        .parse(input.clone.voice ?? null),
      modelUrl: `${config.publicUrl}${VAPI_MODEL_PATH}`,
      model: input.clone.slug,
      modelKey: key.key,
      webhookUrl: `${config.publicUrl}${VAPI_WEBHOOK_PATH}`,
      webhookSecret: vapi.webhookSecret,
      maxDurationSeconds: input.callLimitSeconds ?? MAX_CALL_SECONDS,
      metadata: {
        cloneSlug: input.clone.slug,
        userId: input.userId,
        instanceId: input.instanceId,
        relationshipId: relationship[0]?.id ?? null,
        conversationId: input.conversationId,
        wordPhonemeMapping: {},
        medium: 'BROWSER_VOICE',
      },
    });
    const call = await vapi.createWebCall(assistant);
    await recordVapiCall(db, {
      call_id: call.id,
      conversation_id: input.conversationId,
      clone_id: input.clone.id,
      instance_id: input.instanceId,
      user_id: input.userId,
      visitor_id: input.visitorId,
      api_key_id: key.id,
      charged: input.charged,
      call_limit_seconds: input.callLimitSeconds,
    });
    return {
      provider: 'vapi',
      conversationId: input.conversationId,
      publicKey: vapi.publicKey,
      baseUrl: vapi.baseUrl,
      webCall: {
        id: call.id,
        webCallUrl: call.webCallUrl,
        ...(call.artifactPlan && {
          artifactPlan: { videoRecordingEnabled: call.artifactPlan.videoRecordingEnabled ?? false },
        }),
        ...(call.assistant?.voice?.provider && {
          assistant: { voice: { provider: call.assistant.voice.provider } },
        }),
      },
      callLimitSeconds: input.callLimitSeconds,
    };
  } catch (error) {
    await revokeApiKey(db, key.id, clock.now());
    throw error;
  }
}

import { type StartVoiceCallRequest, StartVoiceCallResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/calls/voice: a new call's conversation and its socket (402 when no time is left). */
export function startVoiceCall(api: ApiClient, body: StartVoiceCallRequest): Promise<StartVoiceCallResponse> {
  return api.request('/calls/voice', StartVoiceCallResponse, { method: 'POST', body });
}

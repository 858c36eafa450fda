import type { TtsRequest } from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

/** POST /api/tts (spec/chat.md §7): the clone's voice reading a message; the audio as a Blob. */
export async function fetchSpeech(api: ApiClient, body: TtsRequest, signal?: AbortSignal): Promise<Blob> {
  const response = await api.send('/tts', { method: 'POST', body, ...(signal && { signal }) });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response.blob();
}

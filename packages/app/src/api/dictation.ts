import { DictationResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/clones/:slug/dictation: the text heard in a 16 kHz mono WAV recording ('' for none). */
export async function transcribeRecording(
  api: ApiClient,
  slug: string,
  wav: Blob,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await api.request(`/clones/${encodeURIComponent(slug)}/dictation`, DictationResponse, {
    method: 'POST',
    blob: wav,
    ...(signal ? { signal } : {}),
  });
  return answer.text.trim();
}

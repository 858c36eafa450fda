import { DictationResponse, DictationSession } from '@doppel/protocol';
import type { ApiClient } from './api-client';

const dictationPath = (slug: string) => `/clones/${encodeURIComponent(slug)}/dictation`;

/** POST /api/clones/:slug/dictation: the text heard in a 16 kHz mono WAV recording ('' for none). */
export async function transcribeRecording(
  api: ApiClient,
  slug: string,
  wav: Blob,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await api.request(dictationPath(slug), DictationResponse, {
    method: 'POST',
    blob: wav,
    ...(signal ? { signal } : {}),
  });
  return answer.text.trim();
}

/** POST /api/clones/:slug/dictation/sessions: how this memo is heard (Gladia live, or the local recogniser). */
export function startDictationSession(api: ApiClient, slug: string): Promise<DictationSession> {
  return api.request(`${dictationPath(slug)}/sessions`, DictationSession, { method: 'POST' });
}

/** GET /api/clones/:slug/dictation/sessions/:id: a finished live session's full transcript ('' for none yet). */
export async function fetchFullTranscript(api: ApiClient, slug: string, id: string): Promise<string> {
  const path = `${dictationPath(slug)}/sessions/${encodeURIComponent(id)}`;
  return (await api.request(path, DictationResponse)).text.trim();
}

import { SavedMessages, SaveResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/messages/:id/save: saves or unsaves the caller's clone message. */
export async function setMessageSaved(api: ApiClient, messageId: string, saved: boolean): Promise<boolean> {
  const answer = await api.request(`/messages/${encodeURIComponent(messageId)}/save`, SaveResponse, {
    method: 'POST',
    body: { saved },
  });
  return answer.saved;
}

/** GET /api/clones/:slug/saved: the signed-in user's saved messages with the clone, newest first. */
export function fetchSavedMessages(
  api: ApiClient,
  slug: string,
  options: { instanceSlug?: string | null | undefined; signal?: AbortSignal } = {},
): Promise<SavedMessages> {
  const query = options.instanceSlug ? `?instance=${encodeURIComponent(options.instanceSlug)}` : '';
  return api.request(`/clones/${encodeURIComponent(slug)}/saved${query}`, SavedMessages, {
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

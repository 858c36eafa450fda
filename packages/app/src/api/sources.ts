import { type Citation, SourcesResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

const cache = new Map<string, Promise<Citation[]>>();

/**
 * GET /api/clone/talk/messages/:id/sources: the message's citations (used and related).
 * Answers are cached per message, since a marker click and the overlay ask for the same
 * list; a failed request is dropped from the cache so that a retry asks again.
 */
export function fetchSources(api: ApiClient, messageId: string): Promise<Citation[]> {
  const cached = cache.get(messageId);
  if (cached) return cached;
  const pending = api.request(
    `/clone/talk/messages/${encodeURIComponent(messageId)}/sources`,
    SourcesResponse,
  );
  cache.set(messageId, pending);
  pending.catch(() => cache.delete(messageId));
  return pending;
}

/** Forgets cached sources (tests). */
export function clearSourcesCache(): void {
  cache.clear();
}

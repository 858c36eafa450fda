import { CloneProfile, ExploreResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** GET /api/clones/:slug (?instance=): the clone's profile; 404 for an unknown clone. */
export function fetchCloneProfile(
  api: ApiClient,
  slug: string,
  instanceSlug?: string | null,
): Promise<CloneProfile> {
  const query = instanceSlug ? `?instance=${encodeURIComponent(instanceSlug)}` : '';
  return api.request(`/clones/${encodeURIComponent(slug)}${query}`, CloneProfile);
}

/** GET /api/explore: the public clones. */
export function fetchExplore(api: ApiClient) {
  return api.request('/explore', ExploreResponse);
}

import { CloneProfile, ExploreResponse } from '@doppel/protocol';
import { request } from './request';

/** GET /api/clones/:slug (?instance=): the clone's profile; 404 for an unknown clone. */
export function fetchCloneProfile(slug: string, instanceSlug?: string | null): Promise<CloneProfile> {
  const query = instanceSlug ? `?instance=${encodeURIComponent(instanceSlug)}` : '';
  return request(`/clones/${encodeURIComponent(slug)}${query}`, CloneProfile);
}

/** GET /api/explore: the public clones. */
export function fetchExplore() {
  return request('/explore', ExploreResponse);
}

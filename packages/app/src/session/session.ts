/** @module The app's one session and its per-clone usage stores, wired to the API. */
import { fetchSession, fetchUsage, logout } from '../api';
import { createSessionStore, type SessionApi } from './session-store';
import { createUsageStore, type UsageStore } from './usage-store';

const siteSessionApi: SessionApi = { fetchSession: () => fetchSession(), logout };
let sessionApi: SessionApi = siteSessionApi;

/** The visitor's session on this site (in an embed, the iframe's own: see `setSessionApi`). */
export const session = createSessionStore({
  fetchSession: () => sessionApi.fetchSession(),
  logout: () => sessionApi.logout(),
});

/**
 * Where the session comes from: the site's cookie (GET /api/me, POST /api/logout) by default;
 * the embed installs its bearer-token session (GET /api/embed/auth, sign-out that clears the
 * iframe's storage) before it renders. With null, back to the site's.
 */
export function setSessionApi(api: SessionApi | null): void {
  sessionApi = api ?? siteSessionApi;
}

const usageStores = new Map<string, UsageStore>();

/** The usage store of a clone (and instance), shared by its profile and talk pages. */
export function usageStoreFor(slug: string, instanceSlug: string | null): UsageStore {
  const key = `${slug}/${instanceSlug ?? ''}`;
  let store = usageStores.get(key);
  if (!store) {
    store = createUsageStore({
      slug,
      instanceSlug,
      fetchUsage: (s, i, onRetry) => fetchUsage(s, i, { onRetry }),
    });
    usageStores.set(key, store);
  }
  return store;
}

/** Forgets the session and every usage store (tests). */
export function resetSession(): void {
  session.reset();
  usageStores.clear();
}

/** @module The app's one session and its per-clone usage stores, wired to the API. */
import { fetchSession, fetchUsage, logout } from '../api';
import { createSessionStore } from './session-store';
import { createUsageStore, type UsageStore } from './usage-store';

/** The visitor's session on this site. */
export const session = createSessionStore({ fetchSession: () => fetchSession(), logout });

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

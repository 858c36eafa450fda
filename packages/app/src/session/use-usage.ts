import { useEffect, useRef } from 'react';
import { useServices } from '../services';
import type { UsageStore } from './usage-store';

/**
 * The usage of a clone (and instance) for a page: fetched when the page loads and again when
 * the signed-in user changes (sign-in, sign-out). The component must track signals.
 */
export function useUsage(slug: string, instanceSlug: string | null): UsageStore {
  const { session, usageFor } = useServices();
  const store = usageFor(slug, instanceSlug);
  useEffect(() => {
    void store.refresh();
  }, [store]);

  // null while the session loads; then the user's id, or '' for a visitor.
  const identity = session.status.value === 'ready' ? (session.user.value?.id ?? '') : null;
  const seen = useRef(identity);
  useEffect(() => {
    if (identity === null) return;
    // The first answer of the session: the fetch on load already went with the same cookie.
    if (seen.current === null) seen.current = identity;
    if (seen.current === identity) return;
    seen.current = identity;
    void store.refresh();
  }, [identity, store]);
  return store;
}

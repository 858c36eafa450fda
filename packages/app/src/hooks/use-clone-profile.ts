import type { CloneProfile } from '@doppel/protocol';
import { useCallback, useEffect, useState } from 'react';
import { type ApiClient, fetchCloneProfile, isNotFound } from '../api';
import { useServices } from '../services';

export type CloneProfileState =
  | { status: 'loading' }
  | { status: 'ready'; clone: CloneProfile }
  | { status: 'missing' }
  | { status: 'error'; error: string };

const resolved = new Map<string, CloneProfile>();
const inflight = new Map<string, Promise<CloneProfile>>();
const keyOf = (slug: string, instanceSlug: string | null): string => `${slug}/${instanceSlug ?? ''}`;

function load(api: ApiClient, slug: string, instanceSlug: string | null): Promise<CloneProfile> {
  const key = keyOf(slug, instanceSlug);
  let pending = inflight.get(key);
  if (!pending) {
    pending = fetchCloneProfile(api, slug, instanceSlug).then(
      (clone) => {
        resolved.set(key, clone);
        inflight.delete(key);
        return clone;
      },
      (error: unknown) => {
        inflight.delete(key);
        throw error;
      },
    );
    inflight.set(key, pending);
  }
  return pending;
}

/** Forgets fetched profiles (tests). */
export function clearCloneProfileCache(): void {
  resolved.clear();
  inflight.clear();
}

/**
 * The clone's profile, fetched once per visit and shared by the profile and talk pages, so
 * moving between them shows no loading state.
 */
export function useCloneProfile(slug: string, instanceSlug: string | null) {
  const { api } = useServices();
  const key = keyOf(slug, instanceSlug);
  const initial = (): CloneProfileState => {
    const clone = resolved.get(key);
    return clone ? { status: 'ready', clone } : { status: 'loading' };
  };
  const [state, setState] = useState<{ key: string; value: CloneProfileState }>(() => ({
    key,
    value: initial(),
  }));
  const [attempt, setAttempt] = useState(0);
  const current = state.key === key ? state.value : initial();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    let live = true;
    if (resolved.has(key)) {
      setState({ key, value: { status: 'ready', clone: resolved.get(key)! } });
      return;
    }
    setState({ key, value: { status: 'loading' } });
    load(api, slug, instanceSlug).then(
      (clone) => live && setState({ key, value: { status: 'ready', clone } }),
      (error: unknown) =>
        live &&
        setState({
          key,
          value: isNotFound(error)
            ? { status: 'missing' }
            : { status: 'error', error: error instanceof Error ? error.message : String(error) },
        }),
    );
    return () => {
      live = false;
    };
  }, [api, key, slug, instanceSlug, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: current, retry };
}

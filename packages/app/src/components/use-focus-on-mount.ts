import { type RefObject, useEffect, useRef } from 'react';

/**
 * A ref whose element takes focus when it mounts (and its text is selected, with `select`). Not
 * the `autoFocus` prop: React focuses such an element itself, Preact (the site's and the embed's
 * build) only sets the attribute, which a browser honours once per page at most.
 */
export function useFocusOnMount<T extends HTMLInputElement | HTMLTextAreaElement>(
  enabled = true,
  select = false,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only.
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    el.focus();
    if (select) el.select();
  }, []);
  return ref;
}

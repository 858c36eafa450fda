import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onCitation(n)` when a rendered `[n]` marker button inside `root` is clicked: one
 * delegated listener on the rendered text, whose markers are plain HTML. `rendered` changes when
 * the HTML does (the embed renders plain text until its markdown renderer arrives).
 */
export function useCitationClicks(
  root: RefObject<HTMLElement | null>,
  onCitation: ((n: number) => void) | undefined,
  rendered: unknown,
): void {
  const handler = useRef(onCitation);
  handler.current = onCitation;
  const interactive = onCitation !== undefined;
  useEffect(() => {
    const element = root.current;
    if (!element || !interactive || rendered === null) return;
    const onClick = (event: MouseEvent): void => {
      const target = event.target instanceof Element ? event.target.closest('button[data-cite]') : null;
      const n = Number(target?.getAttribute('data-cite'));
      if (target && Number.isInteger(n)) handler.current?.(n);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [interactive, rendered, root]);
}

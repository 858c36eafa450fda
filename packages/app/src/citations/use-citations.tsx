/**
 * @module The citations overlay of one chat (spec/chat.md §2, §5): opened from a `[n]` marker —
 * focused on that source — or from a message's Sources button.
 * Shared by the full site's talk page and the embedded chat.
 */

import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';

const CitationsOverlay = lazy(() => import('./citations-overlay'));

interface CitationsState {
  open: boolean;
  messageId: string | null;
  focus: number | null;
}

export interface Citations {
  /** Opens the overlay for a message, focused on marker `n` (null: the whole list). */
  open: (messageId: string, n: number | null) => void;
  /** The overlay, lazily loaded; render it once in the chat. */
  element: ReactNode;
}

export function useCitations(): Citations {
  const [state, setState] = useState<CitationsState>({ open: false, messageId: null, focus: null });
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = useCallback((messageId: string, n: number | null) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The sheet shows the marker's source; no citation toast repeats it (issue 9 §14).
    setState({ open: true, messageId, focus: n });
  }, []);

  const element = state.messageId ? (
    <Suspense fallback={null}>
      <CitationsOverlay
        open={state.open}
        messageId={state.messageId}
        focus={state.focus}
        returnFocus={returnFocus.current}
        onOpenChange={(next) => setState((current) => ({ ...current, open: next }))}
      />
    </Suspense>
  ) : null;
  return { open, element };
}

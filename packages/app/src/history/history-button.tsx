import { HISTORY_HOVER_MS } from '@doppel/protocol';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HistoryIcon } from '../components/icons';
import type { HistoryDrawerProps } from './history-drawer';

const HistoryDrawer = lazy(() => import('./history-drawer'));

/**
 * The talk header's history button (signed-in users only, spec/chat.md §2): a click opens the
 * drawer, and so does resting the pointer on it for 300 ms (HISTORY_HOVER_MS).
 */
export function HistoryButton({
  openRequest = 0,
  ...props
}: Omit<HistoryDrawerProps, 'open' | 'onOpenChange'> & {
  /** Each new positive value opens the drawer (the `actions=history` query, issue 10 §7). */
  openRequest?: number;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (openRequest <= 0) return;
    setLoaded(true);
    setOpen(true);
  }, [openRequest]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // After the drawer closes the pointer often still rests on the button (the drawer's overlay
  // going away makes the browser fire mouseenter again): no hover reopening until it leaves.
  const hoverSpent = useRef(false);

  const cancelHover = (): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label="Conversation history"
        title="History"
        aria-haspopup="dialog"
        aria-expanded={open}
        onMouseEnter={() => {
          setLoaded(true);
          cancelHover();
          if (hoverSpent.current) return;
          timer.current = setTimeout(() => {
            timer.current = null;
            setOpen(true);
          }, HISTORY_HOVER_MS);
        }}
        onMouseLeave={() => {
          hoverSpent.current = false;
          cancelHover();
        }}
        onFocus={() => setLoaded(true)}
        onClick={() => {
          cancelHover();
          setLoaded(true);
          setOpen(true);
        }}
      >
        <HistoryIcon />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <HistoryDrawer
            {...props}
            open={open}
            onOpenChange={(next) => {
              if (!next) hoverSpent.current = true;
              setOpen(next);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * @module The citations overlay (spec/chat.md §2): a side sheet on desktop, a bottom sheet on
 * mobile capped at 75 vh; lists the message's used sources and the related ones. Loaded lazily.
 */
import { CITATION_SHEET_MAX_VH, type Citation } from '@doppel/protocol';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { fetchSources } from '../api';
import { DialogCloseButton, DialogShell, DialogTitle } from '../components/dialog-shell';
import { useServices } from '../services';
import './citations.css';
import { CitationItem } from './citation-item';

export interface CitationsOverlayProps {
  open: boolean;
  messageId: string | null;
  /** The marker number to bring into view, or null for the whole list. */
  focus: number | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the sheet closes (the marker or button that opened it). */
  returnFocus?: HTMLElement | null;
}

type SourcesState =
  | { status: 'loading' }
  | { status: 'ready'; used: Citation[]; related: Citation[] }
  | { status: 'error' };

export default function CitationsOverlay({
  open,
  messageId,
  focus,
  onOpenChange,
  returnFocus,
}: CitationsOverlayProps) {
  const { api } = useServices();
  const [state, setState] = useState<SourcesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const focusedRef = useRef<HTMLLIElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    if (!open || !messageId) return;
    let live = true;
    setState({ status: 'loading' });
    fetchSources(api, messageId).then(
      (list) => {
        if (!live) return;
        const byIndex = (a: Citation, b: Citation) => a.index - b.index;
        setState({
          status: 'ready',
          used: list.filter((c) => c.used).sort(byIndex),
          related: list.filter((c) => !c.used).sort(byIndex),
        });
      },
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api, open, messageId, attempt]);

  useEffect(() => {
    if (state.status !== 'ready' || focus === null) return;
    const el = focusedRef.current;
    if (!el) return;
    el.scrollIntoView({ block: 'nearest' });
    el.focus({ preventScroll: true });
  }, [state, focus]);

  const style = { '--sheet-max-vh': `${CITATION_SHEET_MAX_VH}vh` } as CSSProperties;
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sheet"
      overlayClassName="dialog-overlay sheet-overlay"
      style={style}
      undescribed
      // With a marker to show, focus moves to that source once the list is loaded.
      initialFocus={focus !== null ? 'none' : 'auto'}
      returnFocus={returnFocus}
    >
      <div className="sheet-handle" aria-hidden="true" />
      <div className="sheet-head">
        <DialogTitle className="dialog-title">Citations</DialogTitle>
        <DialogCloseButton label="Close citations" />
      </div>
      <div className="sheet-body">
        {state.status === 'loading' && <SourcesSkeleton />}
        {state.status === 'error' && (
          <div className="sources-error" role="alert">
            <p className="sources-error-title">Something went wrong...</p>
            <p>Please try again later.</p>
            <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </button>
          </div>
        )}
        {state.status === 'ready' && (
          <>
            {state.used.length === 0 && state.related.length === 0 && (
              <p className="sources-empty">No sources for this answer.</p>
            )}
            {state.used.length > 0 && (
              <section aria-labelledby="sources-used">
                <h2 id="sources-used" className="sources-heading">
                  Sources
                </h2>
                <ol className="citation-list">
                  {state.used.map((c) => (
                    <CitationItem
                      key={c.id}
                      citation={c}
                      focused={c.index === focus}
                      ref={c.index === focus ? focusedRef : undefined}
                    />
                  ))}
                </ol>
              </section>
            )}
            {state.related.length > 0 && (
              <section aria-labelledby="sources-related">
                <h2 id="sources-related" className="sources-heading">
                  Related
                </h2>
                <ul className="citation-list">
                  {state.related.map((c) => (
                    <CitationItem key={c.id} citation={c} focused={false} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </DialogShell>
  );
}

function SourcesSkeleton() {
  return (
    <div className="sources-skeleton" role="status" aria-busy="true" aria-label="Loading sources">
      {[0, 1, 2].map((i) => (
        <div key={i} className="citation-item">
          <span className="skeleton" style={{ width: '40%', height: 14 }} />
          <span className="skeleton" style={{ width: '85%', height: 18 }} />
          <span className="skeleton" style={{ width: '100%', height: 48 }} />
        </div>
      ))}
    </div>
  );
}

/**
 * @module The history's Saved section (spec/chat.md §4 Save, issue 10 §2): the clone messages the
 * signed-in user saved, newest first, listed on request; each opens its conversation.
 */
import { stripCitationMarkers } from '@doppel/core';
import type { SavedMessages } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { errorMessage, fetchSavedMessages } from '../api';
import { ChevronIcon } from '../components/icons';
import { conversationUrl } from '../routes';
import { useServices } from '../services';

interface SavedListProps {
  /** Listed as the drawer opens (the action center's saved messages). */
  initiallyOpen?: boolean;
  slug: string;
  instanceSlug: string | null;
  onOpen: (conversationId: string) => void;
}

type Load =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'ready'; list: SavedMessages }
  | { status: 'error'; error: string };

/** The first words of a saved answer, as the visitor read it (no `[n]` markers). */
const SNIPPET_CHARS = 140;
function snippet(text: string): string {
  const plain = stripCitationMarkers(text).replace(/\s+/g, ' ').trim();
  return plain.length > SNIPPET_CHARS ? `${plain.slice(0, SNIPPET_CHARS).trimEnd()}…` : plain;
}

export function SavedList({ initiallyOpen = false, slug, instanceSlug, onOpen }: SavedListProps) {
  const { api } = useServices();
  const [load, setLoad] = useState<Load>({ status: 'closed' });
  const open = load.status !== 'closed';

  // biome-ignore lint/correctness/useExhaustiveDependencies: listed once, as the drawer opens.
  useEffect(() => {
    if (initiallyOpen) read();
  }, []);

  const read = (): void => {
    setLoad({ status: 'loading' });
    fetchSavedMessages(api, slug, { instanceSlug }).then(
      (list) => setLoad({ status: 'ready', list }),
      (error: unknown) => setLoad({ status: 'error', error: errorMessage(error) }),
    );
  };

  return (
    <section className="history-archived history-saved" aria-label="Saved messages">
      <button
        type="button"
        className="history-archived-toggle"
        aria-expanded={open}
        aria-controls="history-saved-list"
        onClick={() => (open ? setLoad({ status: 'closed' }) : read())}
      >
        <ChevronIcon />
        Saved messages
      </button>
      {open && (
        <div id="history-saved-list" aria-busy={load.status === 'loading'}>
          {load.status === 'error' && (
            <p className="history-empty" role="alert">
              Your saved messages could not be loaded. {load.error}
            </p>
          )}
          {load.status === 'ready' && load.list.length === 0 && (
            <p className="history-archived-empty">No saved messages. Save an answer with its bookmark.</p>
          )}
          {load.status === 'ready' && load.list.length > 0 && (
            <ul className="history-list">
              {load.list.map((saved) => (
                <li key={saved.id} className="history-row history-saved-row">
                  <a
                    className="history-link history-saved-link"
                    href={conversationUrl(slug, instanceSlug, saved.conversationId)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      onOpen(saved.conversationId);
                    }}
                  >
                    <span className="history-saved-text">{snippet(saved.text)}</span>
                    {saved.conversationTitle && (
                      <span className="history-saved-from">{saved.conversationTitle}</span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

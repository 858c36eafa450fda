/**
 * @module The history's Archived section (issue 9 §13): archived conversations can be found again —
 * listed on request — and restored to the history, or opened as they are.
 */
import type { Conversation } from '@doppel/protocol';
import { useState } from 'react';
import { errorMessage, fetchConversationHistory } from '../api';
import { ChevronIcon } from '../components/icons';
import { conversationUrl } from '../routes';
import { useServices } from '../services';

interface ArchivedListProps {
  slug: string;
  instanceSlug: string | null;
  /** Changes when a conversation is archived or restored: an open list is read again. */
  version: number;
  onOpen: (id: string) => void;
  onRestore: (conversation: Conversation) => void;
}

type Load =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'ready'; list: Conversation[] }
  | { status: 'error'; error: string };

export function ArchivedList({ slug, instanceSlug, version, onOpen, onRestore }: ArchivedListProps) {
  const { api } = useServices();
  const [load, setLoad] = useState<Load>({ status: 'closed' });
  const [readAt, setReadAt] = useState(version);
  const open = load.status !== 'closed';

  const read = (): void => {
    setLoad({ status: 'loading' });
    setReadAt(version);
    fetchConversationHistory(api, slug, instanceSlug, true).then(
      (list) => setLoad({ status: 'ready', list }),
      (error: unknown) => setLoad({ status: 'error', error: errorMessage(error) }),
    );
  };
  if (open && load.status !== 'loading' && readAt !== version) read();

  return (
    <section className="history-archived" aria-label="Archived">
      <button
        type="button"
        className="history-archived-toggle"
        aria-expanded={open}
        aria-controls="history-archived-list"
        onClick={() => (open ? setLoad({ status: 'closed' }) : read())}
      >
        <ChevronIcon />
        Archived
      </button>
      {open && (
        <div id="history-archived-list" aria-busy={load.status === 'loading'}>
          {load.status === 'error' && (
            <p className="history-empty" role="alert">
              The archived conversations could not be loaded. {load.error}
            </p>
          )}
          {load.status === 'ready' && load.list.length === 0 && (
            <p className="history-archived-empty">No archived conversations.</p>
          )}
          {load.status === 'ready' && load.list.length > 0 && (
            <ul className="history-list">
              {load.list.map((conversation) => (
                <li key={conversation.id} className="history-row">
                  <a
                    className="history-link"
                    href={conversationUrl(slug, instanceSlug, conversation.id)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      onOpen(conversation.id);
                    }}
                  >
                    <span className="history-title">{conversation.title}</span>
                  </a>
                  <button
                    type="button"
                    className="btn btn-ghost history-restore"
                    aria-label={`Restore ${conversation.title}`}
                    onClick={() => onRestore(conversation)}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

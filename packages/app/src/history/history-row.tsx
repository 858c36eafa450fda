import { validateTitle } from '@doppel/core';
import { type Conversation, TITLE_MAX_LENGTH } from '@doppel/protocol';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ArchiveIcon, EditIcon } from '../components/icons';
import { conversationUrl } from '../routes';

interface HistoryRowProps {
  conversation: Conversation;
  slug: string;
  instanceSlug: string | null;
  current: boolean;
  onOpen: () => void;
  /** Renames; answers whether it worked. */
  onRename: (title: string) => Promise<boolean>;
  onArchive: () => void;
}

/** One conversation of the history drawer: a link, a Current badge, inline rename (1–100 characters) and archive. */
export function HistoryRow({
  conversation,
  slug,
  instanceSlug,
  current,
  onOpen,
  onRename,
  onArchive,
}: HistoryRowProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const escaped = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const href = conversationUrl(slug, instanceSlug, conversation.id);

  const close = (): void => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    if (saving || escaped.current) return;
    const check = validateTitle(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    if (check.title === conversation.title) {
      close();
      return;
    }
    setSaving(true);
    const ok = await onRename(check.title);
    setSaving(false);
    if (ok) close();
  };

  if (editing) {
    return (
      <li className="history-row is-editing">
        <form className="history-rename" onSubmit={save}>
          <input
            className="field-input history-rename-input"
            aria-label="Conversation title"
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            value={value}
            maxLength={TITLE_MAX_LENGTH + 20}
            disabled={saving}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this row.
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                escaped.current = true;
                close();
              }
            }}
            onBlur={() => void save()}
          />
          {error && (
            <span id={errorId} className="field-error" role="alert">
              {error}
            </span>
          )}
        </form>
      </li>
    );
  }

  return (
    <li className={current ? 'history-row is-current' : 'history-row'}>
      <a
        className="history-link"
        href={href}
        aria-current={current ? 'page' : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen();
        }}
      >
        <span className="history-title">{conversation.title}</span>
        {current && <span className="history-current">Current</span>}
      </a>
      <div className="history-actions">
        <button
          ref={editButton}
          type="button"
          className="icon-btn icon-btn-sm"
          aria-label={`Rename ${conversation.title}`}
          title="Rename"
          onClick={() => {
            escaped.current = false;
            setValue(conversation.title);
            setEditing(true);
          }}
        >
          <EditIcon />
        </button>
        <button
          type="button"
          className="icon-btn icon-btn-sm"
          aria-label={`Archive ${conversation.title}`}
          title="Archive"
          onClick={onArchive}
        >
          <ArchiveIcon />
        </button>
      </div>
    </li>
  );
}

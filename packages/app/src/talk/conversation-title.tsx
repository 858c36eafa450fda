import { validateTitle } from '@doppel/core';
import { TITLE_MAX_LENGTH } from '@doppel/protocol';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { renameConversation } from '../api';
import { EditIcon } from '../components/icons';

interface ConversationTitleProps {
  conversationId: string | null;
  title: string | null;
  onRenamed: (title: string) => void;
}

/** The conversation title in the talk header, renamed inline (1–100 characters, spec/chat.md §5). */
export function ConversationTitle({ conversationId, title, onRenamed }: ConversationTitleProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const escaped = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  if (!conversationId || title === null) {
    return <span className="conversation-title is-new">New conversation</span>;
  }

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
    if (check.title === title) {
      close();
      return;
    }
    setSaving(true);
    try {
      const stored = await renameConversation(conversationId, check.title);
      onRenamed(stored);
      toast.success('Conversation title updated');
      close();
    } catch {
      toast.error('Failed to update conversation title');
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <button
        ref={editButton}
        type="button"
        className="conversation-title"
        title="Rename conversation"
        aria-label={`Conversation title: ${title}. Rename`}
        onClick={() => {
          escaped.current = false;
          setValue(title);
          setEditing(true);
        }}
      >
        <span>{title}</span>
        <EditIcon />
      </button>
    );
  }

  return (
    <form className="conversation-title-form" onSubmit={save}>
      <input
        ref={input}
        className="conversation-title-input"
        aria-label="Conversation title"
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        value={value}
        maxLength={TITLE_MAX_LENGTH + 20}
        disabled={saving}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            escaped.current = true;
            close();
          }
        }}
        onBlur={() => void save()}
      />
      {error && (
        <span id={errorId} className="conversation-title-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

import { TITLE_MAX_LENGTH } from '@doppel/protocol';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { renameConversation } from '../api';
import { EditIcon } from '../components/icons';
import { useServices } from '../services';
import { useTitleEditor } from './use-title-editor';

interface ConversationTitleProps {
  conversationId: string | null;
  title: string | null;
  onRenamed: (title: string) => void;
}

/** The conversation title in the talk header, renamed inline (1–100 characters, spec/chat.md §5). */
export function ConversationTitle({ conversationId, title, onRenamed }: ConversationTitleProps) {
  const { api } = useServices();
  const editor = useTitleEditor(title ?? '', async (next) => {
    if (!conversationId) return false;
    try {
      onRenamed(await renameConversation(api, conversationId, next));
      toast.success('Conversation title updated');
      return true;
    } catch {
      toast.error('Failed to update conversation title');
      return false;
    }
  });
  const input = useRef<HTMLInputElement>(null);
  const { editing } = editor;

  useEffect(() => {
    if (!editing) return;
    input.current?.focus();
    input.current?.select();
  }, [editing]);

  if (!conversationId || title === null) {
    return <span className="conversation-title is-new">New conversation</span>;
  }

  if (!editing) {
    return (
      <button
        ref={editor.editButton}
        type="button"
        className="conversation-title"
        title="Rename conversation"
        aria-label={`Conversation title: ${title}. Rename`}
        onClick={editor.start}
      >
        <span>{title}</span>
        <EditIcon />
      </button>
    );
  }

  return (
    <form className="conversation-title-form" onSubmit={editor.save}>
      <input
        ref={input}
        className="conversation-title-input"
        maxLength={TITLE_MAX_LENGTH + 20}
        {...editor.inputProps}
      />
      {editor.error && (
        <span id={editor.errorId} className="conversation-title-error" role="alert">
          {editor.error}
        </span>
      )}
    </form>
  );
}

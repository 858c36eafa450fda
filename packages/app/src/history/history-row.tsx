import { type Conversation, TITLE_MAX_LENGTH } from '@doppel/protocol';
import type { ComponentProps } from 'react';
import { ArchiveIcon, CloseIcon, EditIcon, LinkIcon } from '../components/icons';
import { useFocusOnMount } from '../components/use-focus-on-mount';
import { conversationUrl } from '../routes';
import { useTitleEditor } from '../talk/use-title-editor';

interface HistoryRowProps {
  conversation: Conversation;
  slug: string;
  instanceSlug: string | null;
  current: boolean;
  onOpen: () => void;
  /** Renames; answers whether it worked. */
  onRename: (title: string) => Promise<boolean>;
  onArchive: () => void;
  /** Share-link management (spec/chat.md §2): copy the link of a shared conversation, or stop sharing it. */
  onCopyShareLink?: () => void;
  onUnshare?: () => void;
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
  onCopyShareLink,
  onUnshare,
}: HistoryRowProps) {
  const shared = conversation.shareId !== null;
  const editor = useTitleEditor(conversation.title, onRename);
  const href = conversationUrl(slug, instanceSlug, conversation.id);

  if (editor.editing) {
    return (
      <li className="history-row is-editing">
        <form className="history-rename" onSubmit={editor.save}>
          <RenameInput
            className="field-input history-rename-input"
            maxLength={TITLE_MAX_LENGTH + 20}
            {...editor.inputProps}
          />
          {editor.error && (
            <span id={editor.errorId} className="field-error" role="alert">
              {editor.error}
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
        {shared && <span className="history-shared">Shared</span>}
      </a>
      <div className="history-actions">
        {shared && onCopyShareLink && (
          <button
            type="button"
            className="icon-btn icon-btn-sm"
            aria-label={`Copy the share link of ${conversation.title}`}
            title="Copy share link"
            onClick={onCopyShareLink}
          >
            <LinkIcon />
          </button>
        )}
        {shared && onUnshare && (
          <button
            type="button"
            className="icon-btn icon-btn-sm"
            aria-label={`Stop sharing ${conversation.title}`}
            title="Stop sharing"
            onClick={onUnshare}
          >
            <CloseIcon />
          </button>
        )}
        <button
          ref={editor.editButton}
          type="button"
          className="icon-btn icon-btn-sm"
          aria-label={`Rename ${conversation.title}`}
          title="Rename"
          onClick={editor.start}
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

/** The rename field: focused with its title selected as it appears (the user just asked to rename). */
function RenameInput(props: ComponentProps<'input'>) {
  const ref = useFocusOnMount<HTMLInputElement>(true, true);
  return <input ref={ref} {...props} />;
}

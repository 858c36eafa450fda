/**
 * @module The history drawer (spec/chat.md §2, §4): the signed-in user's conversations with the
 * clone, grouped Today / Yesterday / month-day / full date; each row links to its conversation,
 * the open one is marked Current, and a row can be renamed inline or archived; below them the
 * saved messages and the archived conversations, each listed on request. Loaded lazily.
 */
import { groupConversations } from '@doppel/core';
import type { Conversation } from '@doppel/protocol';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  createConversation,
  errorMessage,
  fetchConversationHistory,
  unshareConversation,
  updateConversation,
} from '../api';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { PlusIcon } from '../components/icons';
import { useServices } from '../services';
import { copyLink, shareLink } from '../share/share-link';
import { ArchivedList } from './archived-list';
import { HistoryRow } from './history-row';
import { SavedList } from './saved-list';
import './history.css';

export interface HistoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slug: string;
  instanceSlug: string | null;
  cloneName: string;
  /** The conversation on screen, marked Current. */
  currentId: string | null;
  /** Go to a conversation (null: a new one on the talk page). */
  onNavigate: (id: string | null) => void;
  /** A conversation was renamed here (the header follows when it is the current one). */
  onRenamed: (id: string, title: string) => void;
  /** Opens with the saved messages listed (the action center's saved messages, `actions=bookmark`). */
  showSaved?: boolean;
}

/** How long the undo of an archive stays. */
const ARCHIVE_UNDO_MS = 8_000;

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'error'; error: string };

export default function HistoryDrawer({
  open,
  onOpenChange,
  slug,
  instanceSlug,
  cloneName,
  currentId,
  onNavigate,
  onRenamed,
  showSaved = false,
}: HistoryDrawerProps) {
  const { api } = useServices();
  const [list, setList] = useState<Conversation[]>([]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  /** The conversation just archived, while its undo shows. */
  const [undo, setUndo] = useState<{ conversation: Conversation; wasCurrent: boolean } | null>(null);
  /** Bumped by each archive or restore: the Archived list reads itself again. */
  const [version, setVersion] = useState(0);
  const undoButton = useRef<HTMLButtonElement>(null);
  // The undo takes focus from the row that went away; it leaves by itself after a while.
  useEffect(() => {
    if (!undo) return;
    undoButton.current?.focus();
    const timer = setTimeout(() => setUndo(null), ARCHIVE_UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoad((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    fetchConversationHistory(api, slug, instanceSlug).then(
      (conversations) => {
        if (!live) return;
        setList(conversations.filter((c) => !c.hidden));
        setLoad({ status: 'ready' });
        // The server titles a conversation after its first message: the header follows.
        const current = conversations.find((c) => c.id === currentId);
        if (current) onRenamed(current.id, current.title);
      },
      (error: unknown) => live && setLoad({ status: 'error', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, open, slug, instanceSlug, attempt]);

  const rename = async (conversation: Conversation, title: string): Promise<boolean> => {
    try {
      const stored = await updateConversation(api, conversation.id, { title });
      setList((current) => current.map((c) => (c.id === stored.id ? { ...c, title: stored.title } : c)));
      onRenamed(stored.id, stored.title);
      toast.success('Conversation title updated');
      return true;
    } catch {
      toast.error('Failed to rename conversation');
      return false;
    }
  };

  const archive = async (conversation: Conversation): Promise<void> => {
    try {
      await updateConversation(api, conversation.id, { hidden: true });
    } catch {
      toast.error('Failed to archive conversation');
      return;
    }
    const rest = list.filter((c) => c.id !== conversation.id);
    setList(rest);
    setVersion((n) => n + 1);
    const wasCurrent = conversation.id === currentId;
    // issue 9 §13: an undo, in the drawer where the visitor is (a toast outside the modal drawer
    // could be neither clicked nor reached by keyboard).
    setUndo({ conversation, wasCurrent });
    // spec/chat.md §4: archiving the open conversation moves to the most recently updated other one.
    if (wasCurrent) {
      const next = groupConversations(rest, Date.now())[0]?.conversations[0] ?? null;
      onNavigate(next?.id ?? null);
    }
  };

  /** Back into the history (undo, or the Archived list's Restore). */
  const restore = async (conversation: Conversation, reopen: boolean): Promise<void> => {
    try {
      const stored = await updateConversation(api, conversation.id, { hidden: false });
      setList((current) => [stored, ...current.filter((c) => c.id !== stored.id)]);
      setVersion((n) => n + 1);
      setUndo(null);
      if (reopen) onNavigate(stored.id);
    } catch {
      toast.error('Failed to restore conversation');
    }
  };

  /** Share-link management (spec/chat.md §2, §8). */
  const copyShareLink = async (conversation: Conversation): Promise<void> => {
    if (!conversation.shareId) return;
    if (await copyLink(shareLink(slug, instanceSlug, conversation.shareId)))
      toast.success('Copied Share Link');
    else toast.error('Failed to copy share link');
  };
  const unshare = async (conversation: Conversation): Promise<void> => {
    if (!conversation.shareId) return;
    try {
      await unshareConversation(api, conversation.shareId);
      setList((current) => current.map((c) => (c.id === conversation.id ? { ...c, shareId: null } : c)));
      toast.success('Conversation is no longer shared');
    } catch {
      toast.error('Failed to unshare conversation');
    }
  };

  const startNew = async (): Promise<void> => {
    if (creating) return;
    setCreating(true);
    const id = toast.loading('Starting new conversation...');
    try {
      const created = await createConversation(api, { slug, instanceSlug, medium: 'WEB' });
      toast.success('Conversation created!', { id });
      onOpenChange(false);
      onNavigate(created.id);
    } catch (error) {
      toast.error(`Failed to create conversation: ${errorMessage(error)}`, { id });
    } finally {
      setCreating(false);
    }
  };

  const groups = groupConversations(list, Date.now());

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="history-drawer">
      <div className="history-head">
        <DialogTitle className="dialog-title">History</DialogTitle>
        <DialogCloseButton label="Close history" />
      </div>
      <DialogDescription className="visually-hidden">Your conversations with {cloneName}.</DialogDescription>
      <button
        type="button"
        className="btn btn-secondary history-new"
        disabled={creating}
        onClick={() => void startNew()}
      >
        <PlusIcon />
        New conversation
      </button>
      <nav className="history-body" aria-label="Conversations" aria-busy={load.status === 'loading'}>
        {load.status === 'loading' && list.length === 0 && (
          <div className="history-skeleton">
            <span className="skeleton" style={{ width: 80, height: 12 }} />
            <span className="skeleton" style={{ height: 36 }} />
            <span className="skeleton" style={{ height: 36 }} />
            <span className="skeleton" style={{ height: 36 }} />
          </div>
        )}
        {load.status === 'error' && (
          <div className="history-empty" role="alert">
            <p>Your conversations could not be loaded. {load.error}</p>
            <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {load.status === 'ready' && list.length === 0 && (
          <p className="history-empty">No conversations yet. Your chats with {cloneName} appear here.</p>
        )}
        {groups.map((group) => (
          <section key={group.label} className="history-group" aria-label={group.label}>
            <h3 className="history-group-label">{group.label}</h3>
            <ul className="history-list">
              {group.conversations.map((conversation) => (
                <HistoryRow
                  key={conversation.id}
                  conversation={conversation}
                  slug={slug}
                  instanceSlug={instanceSlug}
                  current={conversation.id === currentId}
                  onOpen={() => {
                    onOpenChange(false);
                    onNavigate(conversation.id);
                  }}
                  onRename={(title) => rename(conversation, title)}
                  onArchive={() => void archive(conversation)}
                  onCopyShareLink={() => void copyShareLink(conversation)}
                  onUnshare={() => void unshare(conversation)}
                />
              ))}
            </ul>
          </section>
        ))}
        <SavedList
          key={showSaved ? 'saved-listed' : 'saved'}
          initiallyOpen={showSaved}
          slug={slug}
          instanceSlug={instanceSlug}
          onOpen={(id) => {
            onOpenChange(false);
            onNavigate(id);
          }}
        />
        <ArchivedList
          slug={slug}
          instanceSlug={instanceSlug}
          version={version}
          onOpen={(id) => {
            onOpenChange(false);
            onNavigate(id);
          }}
          onRestore={(conversation) => void restore(conversation, false)}
        />
      </nav>
      {undo && (
        <div className="history-undo" role="status">
          <span>Archived “{undo.conversation.title}”</span>
          <button
            ref={undoButton}
            type="button"
            className="link-button"
            onClick={() => void restore(undo.conversation, undo.wasCurrent)}
          >
            Undo
          </button>
        </div>
      )}
    </DialogShell>
  );
}

/**
 * @module Share a conversation from the talk page (spec/chat.md §2, §4, §8; issue 10 §1): the
 * header's Share button shares it ('Sharing conversation...') and, on large screens, opens the
 * share side panel — titled 'Share Call' as the spec names it — with the copy-link field (its
 * confirmation stays 2.5 s), Share on LinkedIn / X / WhatsApp / Via Email in a new tab, and
 * Stop sharing. On small screens the link is copied at once. Only for a public clone.
 */
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { shareConversation, unshareConversation } from '../api';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { CheckIcon, CopyIcon, ShareIcon } from '../components/icons';
import { useServices } from '../services';
import { copyLink, type ShareKind, shareLink, shareTargets } from './share-link';
import './share.css';

/** spec/chat.md §4: the copy-link confirmation shows for 2.5 s. */
export const SHARE_COPIED_MS = 2_500;
/** The side panel is for large screens only (spec/chat.md §2). */
const LARGE_SCREEN = '(min-width: 1024px)';

interface ShareButtonProps {
  slug: string;
  instanceSlug: string | null;
  conversationId: string;
  title: string;
  /** The conversation's share id, when it is already shared. */
  shareId: string | null;
  /** The conversation's share id changed (shared, or no longer). */
  onShareIdChange: (shareId: string | null) => void;
  /** Each new positive value shares as a click does (the action center's Share Conversation, `actions=share`). */
  openRequest?: number;
  /** 'call': the ended call panel's 'Share Call' button, linking to the call's share page (spec/calls.md §2). */
  kind?: ShareKind;
}

export function ShareButton({
  slug,
  instanceSlug,
  conversationId,
  title,
  shareId,
  onShareIdChange,
  openRequest = 0,
  kind = 'conversation',
}: ShareButtonProps) {
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const share = async (): Promise<void> => {
    if (busy) return;
    let id = shareId;
    if (!id) {
      setBusy(true);
      const toastId = toast.loading('Sharing conversation...');
      try {
        id = await shareConversation(api, conversationId);
        onShareIdChange(id);
        toast.dismiss(toastId);
      } catch {
        toast.error('Failed to share conversation', { id: toastId });
        return;
      } finally {
        setBusy(false);
      }
    }
    if (window.matchMedia(LARGE_SCREEN).matches) {
      setOpen(true);
      return;
    }
    if (await copyLink(shareLink(slug, instanceSlug, id, kind))) toast.success('Copied Share Link');
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request shares.
  useEffect(() => {
    if (openRequest > 0) void share();
  }, [openRequest]);

  return (
    <>
      <button
        type="button"
        // The talk page's header: an icon (on a phone the header leaves the room to the title:
        // sharing is in the Action Center there); the ended call's panel: 'Share Call'.
        className={kind === 'call' ? 'btn btn-secondary' : 'icon-btn share-button'}
        aria-label={kind === 'call' ? undefined : 'Share conversation'}
        title={kind === 'call' ? undefined : 'Share'}
        aria-haspopup="dialog"
        // Not `disabled`: a disabled button loses focus, and the panel returns focus to it.
        aria-disabled={busy}
        onClick={() => void share()}
      >
        <ShareIcon />
        {kind === 'call' && 'Share Call'}
      </button>
      {shareId && (
        <SharePanel
          open={open}
          onOpenChange={setOpen}
          link={shareLink(slug, instanceSlug, shareId, kind)}
          title={title}
          kind={kind}
          onUnshare={async () => {
            try {
              await unshareConversation(api, shareId);
              onShareIdChange(null);
              setOpen(false);
              toast.success('Conversation is no longer shared');
            } catch {
              toast.error('Failed to unshare conversation');
            }
          }}
        />
      )}
    </>
  );
}

interface SharePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: string;
  title: string;
  kind: ShareKind;
  onUnshare: () => Promise<void>;
}

function SharePanel({ open, onOpenChange, link, title, kind, onUnshare }: SharePanelProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), SHARE_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (): Promise<void> => {
    if (await copyLink(link)) {
      setCopied(true);
      toast.success('Copied Share Link');
    } else {
      toast.error('Failed to copy share link');
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="share-panel"
      overlayClassName="share-overlay"
    >
      <div className="share-head">
        <DialogTitle className="dialog-title">Share Call</DialogTitle>
        <DialogCloseButton label="Close share panel" />
      </div>
      <DialogDescription className="share-description">
        {kind === 'call'
          ? "Anyone with the link can read this call's transcript."
          : 'Anyone with the link can read this conversation and continue it as their own.'}
      </DialogDescription>
      <label className="share-label" htmlFor="share-link">
        Share link
      </label>
      <div className="share-link-row">
        <input
          id="share-link"
          className="field-input share-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary share-copy" onClick={() => void copy()}>
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="share-label">Share on</p>
      <ul className="share-targets">
        {shareTargets(link, title).map((target) => (
          <li key={target.name}>
            <a
              className="btn btn-secondary share-target"
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {target.label}
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button share-stop" onClick={() => void onUnshare()}>
        Stop sharing
      </button>
    </DialogShell>
  );
}

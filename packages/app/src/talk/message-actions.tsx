import { stripCitationMarkers } from '@doppel/core';
import { COPY_COMPLETE_MS, type MessageReaction } from '@doppel/protocol';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  BookmarkIcon,
  CheckIcon,
  CopyIcon,
  SourcesIcon,
  ThumbDownIcon,
  ThumbUpIcon,
} from '../components/icons';
import { ReadAloudButton } from '../read-aloud/read-aloud-button';

interface MessageActionsProps {
  text: string;
  /** Given when the citations button is shown (viewSources, hasSources, not the first message). */
  onSources?: (() => void) | undefined;
  /** The visitor's like or thumbs-down, stored on the server (issue 9 §12). */
  reaction: MessageReaction | null;
  /** Given when the message can take a reaction (stored, with a server id). */
  onReact?: ((reaction: MessageReaction | null) => void) | undefined;
  /** Given when read aloud is offered (the clone has a voice and this server can speak it). */
  readAloud?: { slug: string; messageId: string } | undefined;
  /** Whether the message is saved (spec/chat.md §4 Save). */
  saved?: boolean;
  /** Given when the message can be saved (stored, with a server id). */
  onSave?: ((saved: boolean) => void) | undefined;
  /** Actions only some people get (creator tools, staff debug), after the others. */
  children?: ReactNode;
}

/** The actions under a clone message: copy, like, thumbs-down, read aloud, and citations when it has them. */
export function MessageActions({
  text,
  onSources,
  reaction,
  onReact,
  readAloud,
  saved = false,
  onSave,
  children,
}: MessageActionsProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    // spec/chat.md §4: the copy action stays complete for 1 s.
    const timer = setTimeout(() => setCopied(false), COPY_COMPLETE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (): Promise<void> => {
    try {
      // The reply as the visitor reads it: no raw [1] markers (issue 9 §5).
      await navigator.clipboard.writeText(stripCitationMarkers(text));
      setCopied(true);
    } catch {
      toast.error('Could not copy the message.');
    }
  };

  /** A toggle: pressing the pressed one takes it back. */
  const toggle = (value: MessageReaction): void => onReact?.(reaction === value ? null : value);

  return (
    <div className="message-actions">
      <button
        type="button"
        className="icon-btn icon-btn-sm"
        aria-label={copied ? 'Copied' : 'Copy message'}
        title={copied ? 'Copied' : 'Copy'}
        onClick={copy}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
      {onReact && (
        <>
          <button
            type="button"
            className={reaction === 'like' ? 'icon-btn icon-btn-sm is-active' : 'icon-btn icon-btn-sm'}
            aria-label="Like"
            aria-pressed={reaction === 'like'}
            title={reaction === 'like' ? 'Liked' : 'Like'}
            onClick={() => toggle('like')}
          >
            <ThumbUpIcon />
          </button>
          <button
            type="button"
            className={reaction === 'dislike' ? 'icon-btn icon-btn-sm is-active' : 'icon-btn icon-btn-sm'}
            aria-label="Dislike"
            aria-pressed={reaction === 'dislike'}
            title={reaction === 'dislike' ? 'Disliked' : 'Dislike'}
            onClick={() => toggle('dislike')}
          >
            <ThumbDownIcon />
          </button>
        </>
      )}
      {onSave && (
        <button
          type="button"
          className={saved ? 'icon-btn icon-btn-sm is-active' : 'icon-btn icon-btn-sm'}
          aria-label={saved ? 'Unsave message' : 'Save message'}
          aria-pressed={saved}
          title={saved ? 'Saved' : 'Save'}
          onClick={() => onSave(!saved)}
        >
          <BookmarkIcon filled={saved} />
        </button>
      )}
      {readAloud && <ReadAloudButton slug={readAloud.slug} messageId={readAloud.messageId} text={text} />}
      {onSources && (
        <button type="button" className="message-sources-btn" onClick={onSources} aria-haspopup="dialog">
          <SourcesIcon />
          Sources
        </button>
      )}
      {children}
    </div>
  );
}

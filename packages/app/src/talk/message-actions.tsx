import { stripCitationMarkers } from '@doppel/core';
import { COPY_COMPLETE_MS } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, CopyIcon, SourcesIcon, ThumbUpIcon } from '../components/icons';

interface MessageActionsProps {
  text: string;
  /** Given when the citations button is shown (viewSources, hasSources, not the first message). */
  onSources?: (() => void) | undefined;
}

/** The actions under a clone message: copy, like, and citations when the message has them. */
export function MessageActions({ text, onSources }: MessageActionsProps) {
  const [copied, setCopied] = useState(false);
  const [liked, setLiked] = useState(false);

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
      <button
        type="button"
        className={liked ? 'icon-btn icon-btn-sm is-active' : 'icon-btn icon-btn-sm'}
        aria-label="Like"
        aria-pressed={liked}
        title={liked ? 'Liked' : 'Like'}
        onClick={() => setLiked((v) => !v)}
      >
        <ThumbUpIcon />
      </button>
      {onSources && (
        <button type="button" className="message-sources-btn" onClick={onSources} aria-haspopup="dialog">
          <SourcesIcon />
          Sources
        </button>
      )}
    </div>
  );
}

import { remainingCounterTone, showRemainingCounter } from '@doppel/core';
import type { Usage } from '@doppel/protocol';
import './remaining-counter.css';

/**
 * 'N messages left' near the prompt (spec/chat.md §6): hidden when overage is on, e-mail is not
 * required or the quota is unlimited; red at 3 or fewer. Anonymous visitors see what is left of
 * the anonymous quota.
 */
export function RemainingCounter({
  usage,
  requireEmail,
  onOpen,
}: {
  usage: Usage | null;
  requireEmail: boolean;
  /** Given on the site: the counter opens the memberships (issue 9 §15). */
  onOpen?: (() => void) | undefined;
}) {
  if (!usage || !showRemainingCounter(usage, requireEmail)) return null;
  const left = usage.remaining.messages;
  const tone = remainingCounterTone(left);
  const className = tone === 'danger' ? 'remaining-counter is-danger' : 'remaining-counter';
  const text = `${left} ${left === 1 ? 'message' : 'messages'} left`;
  if (!onOpen) return <p className={className}>{text}</p>;
  return (
    <button
      type="button"
      className={`${className} remaining-counter-button`}
      aria-haspopup="dialog"
      title="See the memberships"
      onClick={onOpen}
    >
      {text}
      <span className="visually-hidden">: see the memberships</span>
    </button>
  );
}

import { remainingCounterTone, showRemainingCounter } from '@doppel/core';
import type { Usage } from '@doppel/protocol';
import './remaining-counter.css';

/**
 * 'N messages left' near the prompt (spec/chat.md §6): hidden when overage is on, e-mail is not
 * required or the quota is unlimited; red at 3 or fewer. Anonymous visitors see what is left of
 * the anonymous quota.
 */
export function RemainingCounter({ usage, requireEmail }: { usage: Usage | null; requireEmail: boolean }) {
  if (!usage || !showRemainingCounter(usage, requireEmail)) return null;
  const left = usage.remaining.messages;
  const tone = remainingCounterTone(left);
  return (
    <p className={tone === 'danger' ? 'remaining-counter is-danger' : 'remaining-counter'}>
      {left} {left === 1 ? 'message' : 'messages'} left
    </p>
  );
}

import type { Usage } from '@doppel/protocol';
import { showRemaining } from './show-remaining';

/**
 * Whether the remaining-messages counter shows: `showRemaining` for messages.
 * Why: spec/chat.md §6 — the counter is hidden when overage is on, e-mail is not required, or
 * quota is -1.
 */
export function showRemainingCounter(usage: Usage | null, requireEmail: boolean): boolean {
  return showRemaining('messages', usage, requireEmail);
}

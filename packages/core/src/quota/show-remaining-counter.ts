import type { Usage } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/**
 * Whether the remaining-messages counter shows: not while usage is unknown, when overage
 * billing is on, when e-mail is not required, or when the message quota is unlimited.
 * Why: spec/chat.md §6 — the counter is hidden when overage is on, e-mail is not required, or
 * quota is -1.
 */
export function showRemainingCounter(usage: Usage | null, requireEmail: boolean): boolean {
  if (!usage || !requireEmail) return false;
  return !usage.billing.is_overage_enabled && !isUnlimited(usage.quota.messages);
}

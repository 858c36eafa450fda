import type { MeteredResource, Usage } from '@doppel/protocol';
import { exemptFromLimits } from './exempt-from-limits';
import { isUnlimited } from './is-unlimited';

/**
 * Whether what is left of a resource shows: the remaining-messages counter, or a call's
 * countdown. Never while usage is unknown, with overage billing on, or for creators and
 * contributors. The messages counter also hides when e-mail is not required or the quota is
 * -1; a call countdown shows 'Unlimited' instead.
 * Why: spec/chat.md §6 — the counter is hidden when overage is on, e-mail is not required, or
 * quota is -1; spec/calls.md §5 — creators and contributors: no countdown; with overage the
 * countdown is hidden; 'Unlimited' when remaining is -1.
 */
export function showRemaining(
  resource: MeteredResource,
  usage: Usage | null,
  requireEmail: boolean,
): boolean {
  if (!usage || usage.billing.is_overage_enabled || exemptFromLimits(usage.relationship)) return false;
  if (resource === 'messages') return requireEmail && !isUnlimited(usage.quota.messages);
  return true;
}

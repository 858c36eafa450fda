import type { Usage } from '@doppel/protocol';
import { isUnlimited } from './is-unlimited';

/**
 * Whether the usage allows one more message: the server has not refused it
 * (`can_send_message`), and the message quota is unlimited, overage billing is on, or usage is
 * still below the quota.
 * Why: spec/chat.md §6 — can_send_message false, or usage at or above quota without overage,
 * opens the paywall.
 */
export function canSendMessage(usage: Usage): boolean {
  if (!usage.permissions.can_send_message) return false;
  if (isUnlimited(usage.quota.messages) || usage.billing.is_overage_enabled) return true;
  return usage.usage.messages < usage.quota.messages;
}

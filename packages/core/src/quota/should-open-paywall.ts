import type { Usage } from '@doppel/protocol';
import { canSendMessage } from './can-send-message';
import { isUnlimited } from './is-unlimited';

/** The facts the text paywall decision reads. */
export interface PaywallInput {
  signedIn: boolean;
  /** Clone option requireEmail; false means anonymous mode, never a paywall. */
  requireEmail: boolean;
  /** The latest usage from the server (signed in or anonymous); null while unknown. */
  usage: Usage | null;
  /** monetization.anonymous_quota.messages (-1 unlimited). */
  anonymousQuota: number;
  /** User messages the anonymous visitor has sent to this clone. */
  anonymousUserMessages: number;
  /** Whitelabel embed: no paywall dialog for anonymous visitors. */
  whitelabel: boolean;
  /** The embed's capture flow collects the e-mail at the anonymous limit instead of the dialog. */
  captureActive?: boolean;
}

/**
 * Whether a text limit has been reached so the paywall (for a visitor, its sign-in step) opens.
 * requireEmail false never opens it. An anonymous visitor is stopped at the anonymous message
 * quota (or when the server's anonymous usage refuses), except in whitelabel embeds or while the
 * capture flow asks for the e-mail in the chat. A signed-in user is stopped when the server
 * refuses (`can_send_message` false) or the quota is used without overage.
 * Why: spec/chat.md §6 (anonymous visitor, signed-in user) and §4 (Paywall).
 */
export function shouldOpenPaywall(input: PaywallInput): boolean {
  if (!input.requireEmail) return false;
  if (input.signedIn) return input.usage !== null && !canSendMessage(input.usage);
  if (input.whitelabel || input.captureActive) return false;
  const overAnonymousQuota =
    !isUnlimited(input.anonymousQuota) && input.anonymousUserMessages >= input.anonymousQuota;
  const refusedByServer = input.usage?.anonymous === true && !canSendMessage(input.usage);
  return overAnonymousQuota || refusedByServer;
}

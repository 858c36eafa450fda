import type { Usage } from '@doppel/protocol';
import { paywallTriggers } from './paywall-triggers';

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
 * Whether a text limit has been reached so the paywall (for a visitor, its sign-in step)
 * opens: `paywallTriggers` for messages, with the text chat's names for its inputs.
 * Why: spec/chat.md §6 (anonymous visitor, signed-in user) and §4 (Paywall).
 */
export function shouldOpenPaywall(input: PaywallInput): boolean {
  return paywallTriggers('messages', {
    ...input,
    anonymousUsed: input.anonymousUserMessages,
  }).open;
}

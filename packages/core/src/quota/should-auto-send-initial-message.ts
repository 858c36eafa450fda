import { UNLIMITED } from '@doppel/protocol';

/** The facts the initial-message quota check reads. */
export interface InitialMessageQuotaInput {
  /** Clone option requireEmail; false skips the check. */
  requireEmail: boolean;
  signedIn: boolean;
  /** monetization.anonymous_quota.messages (-1 unlimited). */
  anonymousQuotaMessages: number;
  /** User messages the anonymous visitor has already sent. */
  anonymousUserMessageCount: number;
  /** The signed-in user's message usage; unknown usage does not block. */
  usage?: { quota: number; used: number; overage: boolean } | null;
}

/**
 * Whether the starting text may be sent automatically as far as limits go.
 * Why: spec/chat.md §5 — not auto-sent if an anonymous user already has at least
 * anonymous_quota.messages user messages, or if a signed-in user has used at least the message
 * quota (quota not -1) with overage off; requireEmail false skips the check.
 * A quota of -1 is unlimited for anonymous visitors too (spec/chat.md §9).
 */
export function shouldAutoSendInitialMessage(input: InitialMessageQuotaInput): boolean {
  if (!input.requireEmail) return true;
  if (input.signedIn) {
    const usage = input.usage;
    if (!usage || usage.quota === UNLIMITED || usage.overage) return true;
    return usage.used < usage.quota;
  }
  if (input.anonymousQuotaMessages === UNLIMITED) return true;
  return input.anonymousUserMessageCount < input.anonymousQuotaMessages;
}

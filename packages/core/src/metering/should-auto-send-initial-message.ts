import type { Meter } from './meter-of';
import { quotaExhausted } from './quota-exhausted';

/** The facts the initial-message quota check reads. */
export interface InitialMessageQuotaInput {
  /** Clone option requireEmail; false skips the check. */
  requireEmail: boolean;
  signedIn: boolean;
  /** monetization.anonymous_quota.messages (-1 unlimited). */
  anonymousQuotaMessages: number;
  /** User messages the anonymous visitor has already sent. */
  anonymousUserMessageCount: number;
  /** The signed-in user's message meter; unknown usage does not block. */
  usage?: Meter | null;
}

/**
 * Whether the starting text may be sent automatically as far as limits go: not when the
 * visitor's anonymous message quota, or the signed-in user's message meter, is exhausted.
 * Why: spec/chat.md §5 — not auto-sent if an anonymous user already has at least
 * anonymous_quota.messages user messages, or if a signed-in user has used at least the message
 * quota (quota not -1) with overage off; requireEmail false skips the check.
 * A quota of -1 is unlimited for anonymous visitors too (spec/chat.md §9).
 */
export function shouldAutoSendInitialMessage(input: InitialMessageQuotaInput): boolean {
  if (!input.requireEmail) return true;
  if (input.signedIn) return !input.usage || !quotaExhausted(input.usage);
  return !quotaExhausted({
    quota: input.anonymousQuotaMessages,
    used: input.anonymousUserMessageCount,
    overage: false,
  });
}

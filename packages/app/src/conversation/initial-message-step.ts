/**
 * @module What becomes of an initial message (spec/chat.md §4–§5), from core's rules: the
 * trimmed `message`/`q` text (or an embed host's prefill) is sent only for the WEB and EMBED
 * media; not at the quota, where it waits in the prompt and the paywall opens; and while the
 * capture flow collects, it waits in the prompt.
 */
import { initialMessageAction, shouldAutoSendInitialMessage } from '@doppel/core';
import type { CloneProfile, Medium, Usage } from '@doppel/protocol';

export interface InitialMessageFacts {
  medium: Medium;
  text: string;
  clone: CloneProfile;
  signedIn: boolean;
  usage: Usage | null;
  /** The capture flow is collecting an e-mail or phone. */
  capturing: boolean;
}

/** 'send' it, put it in the 'prompt', put it there and open the 'paywall', or 'ignore' it. */
export type InitialMessageStep = 'send' | 'prompt' | 'paywall' | 'ignore';

/** Decides what to do with an initial message. */
export function initialMessageStep(facts: InitialMessageFacts): InitialMessageStep {
  const { medium, text, clone, signedIn, usage } = facts;
  if (initialMessageAction({ medium, text }) !== 'send') return 'ignore';
  if (facts.capturing) return 'prompt';
  const quota = {
    requireEmail: clone.options.requireEmail,
    signedIn,
    anonymousQuotaMessages: clone.monetization.anonymous_quota.messages,
    anonymousUserMessageCount: usage?.anonymous ? usage.usage.messages : 0,
    usage:
      signedIn && usage && !usage.anonymous
        ? {
            quota: usage.quota.messages,
            used: usage.usage.messages,
            overage: usage.billing.is_overage_enabled,
          }
        : null,
  };
  return shouldAutoSendInitialMessage(quota) ? 'send' : 'paywall';
}

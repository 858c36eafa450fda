import type { InitialMessageQuotaInput } from '@doppel/core';
import type { CloneProfile, Usage } from '@doppel/protocol';

/** The facts core's initial-message quota check reads, from the clone and the latest usage. */
export function initialMessageQuota(
  clone: CloneProfile,
  signedIn: boolean,
  usage: Usage | null,
): InitialMessageQuotaInput {
  return {
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
}

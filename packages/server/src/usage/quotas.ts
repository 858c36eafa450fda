/**
 * @module The caller's monthly quotas for a clone — one rule for the usage answer and for the
 * send that charges a message:
 * - the clone does not require an e-mail (anonymous mode, spec/chat.md §6): no limits;
 * - CREATOR / CONTRIBUTOR: no limits (spec/calls.md §6);
 * - anonymous visitor: the clone's anonymous_quota (minutes × 60 seconds, spec/calls.md §6);
 * - signed in: the membership the user pays for, else the free tier (the clone's membership
 *   priced 0), else FREE_MESSAGES_PER_MONTH and no call time.
 * A monthly message allowance above 99,999 is unlimited (spec/calls.md §9), as is -1.
 */
import { isUnlimited } from '@doppel/core';
import {
  type CloneOptions,
  type Membership,
  type Monetization,
  OWNER_RELATIONSHIPS,
  type RelationshipType,
  SECONDS_PER_MINUTE,
  UNLIMITED,
  UNLIMITED_MESSAGES_ABOVE,
  type UsageAmounts,
} from '@doppel/protocol';

export interface QuotaFacts {
  signedIn: boolean;
  options: Pick<CloneOptions, 'requireEmail'>;
  monetization: Monetization;
  memberships: readonly Membership[];
  relationship: { type: RelationshipType; membershipId: string | null; overageEnabled: boolean } | null;
  /** FREE_MESSAGES_PER_MONTH: the signed-in quota when the clone has no free membership. */
  freeMessagesPerMonth: number;
}

export interface Quotas {
  quota: UsageAmounts;
  /** Overage billing: past the quota, sends go on (and are billed); never for visitors. */
  overage: boolean;
}

const UNLIMITED_AMOUNTS: UsageAmounts = {
  messages: UNLIMITED,
  voice_seconds: UNLIMITED,
  video_seconds: UNLIMITED,
};

const seconds = (minutes: number) => (isUnlimited(minutes) ? UNLIMITED : minutes * SECONDS_PER_MINUTE);
const messages = (perMonth: number) =>
  isUnlimited(perMonth) || perMonth > UNLIMITED_MESSAGES_ABOVE ? UNLIMITED : perMonth;

/** The tier that applies to a signed-in user: the one they pay for, else the free one. */
export function membershipOf(facts: QuotaFacts): Membership | null {
  const paid = facts.relationship?.membershipId;
  const chosen = paid ? facts.memberships.find((m) => m.id === paid) : undefined;
  return chosen ?? facts.memberships.find((m) => m.basePrice === 0) ?? null;
}

export function quotasFor(facts: QuotaFacts): Quotas {
  const overage = facts.signedIn && (facts.relationship?.overageEnabled ?? false);
  if (!facts.options.requireEmail) return { quota: UNLIMITED_AMOUNTS, overage };
  if (facts.relationship && OWNER_RELATIONSHIPS.includes(facts.relationship.type)) {
    return { quota: UNLIMITED_AMOUNTS, overage };
  }
  if (!facts.signedIn) {
    const anonymous = facts.monetization.anonymous_quota;
    return {
      quota: {
        messages: anonymous.messages,
        voice_seconds: seconds(anonymous.voice_minutes),
        video_seconds: seconds(anonymous.video_minutes),
      },
      overage: false,
    };
  }
  const tier = membershipOf(facts);
  return {
    quota: tier
      ? {
          messages: messages(tier.includedMessagesPerMonth),
          voice_seconds: tier.voiceEnabled ? seconds(tier.includedMinutesPerMonth) : 0,
          video_seconds: tier.videoEnabled ? seconds(tier.includedVideoMinutesPerMonth) : 0,
        }
      : { messages: messages(facts.freeMessagesPerMonth), voice_seconds: 0, video_seconds: 0 },
    overage,
  };
}

/** The most messages a send may bring the counter to; -1 when nothing stops it. */
export function messageLimit(quotas: Quotas): number {
  return quotas.overage ? UNLIMITED : quotas.quota.messages;
}

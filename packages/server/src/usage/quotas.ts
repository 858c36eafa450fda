/**
 * @module The caller's monthly quotas for a clone — one rule for the usage answer and for every
 * charge (messages, voice seconds, video seconds; DESIGN §2 "Metering"):
 * - the clone does not require an e-mail (anonymous mode, spec/chat.md §6): no limits;
 * - CREATOR / CONTRIBUTOR: no limits (spec/calls.md §6);
 * - anonymous visitor: the clone's anonymous_quota (minutes × 60 seconds, spec/calls.md §6);
 * - signed in: the tier of their entitling subscription, else the free tier (the clone's
 *   membership priced 0), else FREE_MESSAGES_PER_MONTH and no call time.
 * - overage (use past the quota, billed): on the relationship, or the subscribed tier's
 *   `overage` when Stripe bills the subscription (issue 13; the use past the quota is reported
 *   to Stripe's meters by payments/overage.ts).
 * The per-resource rules (anonymousQuota, tierQuota, chargeLimit) are core's metering module;
 * store/charge-limit-sql.ts is this module in SQL.
 */
import { anonymousQuota, chargeLimit, exemptFromLimits, tierQuota } from '@doppel/core';
import {
  type ActiveSubscription,
  type CloneOptions,
  type Membership,
  type MeteredResource,
  type Monetization,
  type RelationshipType,
  UNLIMITED,
  type UsageAmounts,
} from '@doppel/protocol';

/** What the quota rule reads about the clone and the caller (store/quota-facts.ts loads it). */
export interface QuotaFacts {
  signedIn: boolean;
  options: Pick<CloneOptions, 'requireEmail'>;
  monetization: Monetization;
  memberships: readonly Membership[];
  relationship: { type: RelationshipType; overageEnabled: boolean } | null;
  /** The caller's entitling subscription for this clone and instance (store/metering-joins-sql). */
  subscription: ActiveSubscription | null;
  /** Who bills that subscription: 'stripe', or 'manual' (set by hand: nobody bills overage). */
  subscriptionProvider?: string | null;
  /** FREE_MESSAGES_PER_MONTH: the signed-in quota when the clone has no free membership. */
  freeMessagesPerMonth: number;
}

/** The caller's monthly quota of each resource, and whether overage billing is on. */
export interface Quotas {
  quota: UsageAmounts;
  /** Overage billing: past the quota, use goes on (and is billed); never for visitors. */
  overage: boolean;
}

/** The subscribed tier, while the clone still offers or keeps it. */
export function subscribedTier(facts: QuotaFacts): Membership | null {
  const paid = facts.subscription?.membership.id;
  return (paid && facts.memberships.find((m) => m.id === paid)) || null;
}

/** The tier that applies to a signed-in user: the subscribed one, else the free one. */
export function membershipOf(facts: QuotaFacts): Membership | null {
  return subscribedTier(facts) ?? facts.memberships.find((m) => m.basePrice === 0) ?? null;
}

function quotaOf(facts: QuotaFacts, resource: MeteredResource): number {
  if (!facts.options.requireEmail || exemptFromLimits(facts.relationship?.type)) return UNLIMITED;
  if (!facts.signedIn) return anonymousQuota(facts.monetization.anonymous_quota, resource);
  const tier = membershipOf(facts) ?? {
    includedMessagesPerMonth: facts.freeMessagesPerMonth,
    voiceEnabled: false,
    includedMinutesPerMonth: 0,
    videoEnabled: false,
    includedVideoMinutesPerMonth: 0,
  };
  return tierQuota(tier, resource);
}

/** The caller's quotas (the rule in this module's header); overage only for signed-in users. */
export function quotasFor(facts: QuotaFacts): Quotas {
  return {
    quota: {
      messages: quotaOf(facts, 'messages'),
      voice_seconds: quotaOf(facts, 'voice_seconds'),
      video_seconds: quotaOf(facts, 'video_seconds'),
    },
    overage:
      facts.signedIn &&
      ((facts.relationship?.overageEnabled ?? false) ||
        (facts.subscriptionProvider === 'stripe' && Boolean(subscribedTier(facts)?.overage))),
  };
}

/** The most a charge may bring the resource's counter to; -1 when nothing stops it. */
export function chargeLimitOf(quotas: Quotas, resource: MeteredResource): number {
  return chargeLimit({ quota: quotas.quota[resource], overage: quotas.overage });
}

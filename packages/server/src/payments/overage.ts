/**
 * @module Overage billing (issue 13): when Stripe bills a member's subscription and the tier has
 * `overage`, use past the quota goes on (usage/quotas.ts) and is reported to Stripe's billing
 * meters as meter events, which Stripe bills at the tier's metered prices. Reports are
 * cumulative per subscription, month and resource (stripe_overage_reports): each call reports
 * only the units not reported yet, with an identifier Stripe deduplicates, and a failed report
 * is taken back so the next one sends it. Called after a charge, off the answer's path.
 */
import type { MeteredResource } from '@doppel/protocol';
import { UNLIMITED } from '@doppel/protocol';
import type { AppDeps } from '../deps';
import { describeError } from '../logger';
import { findCloneSlug } from '../store/clones';
import { loadQuotaFacts } from '../store/quota-facts';
import { lowerOverageReported, raiseOverageReported } from '../store/stripe-records';
import { findUserSubscription } from '../store/subscriptions';
import { readUsage, usageSubject } from '../store/usage-counters';
import { usagePeriod } from '../usage/period';
import { quotasFor, subscribedTier } from '../usage/quotas';
import { METERED_RESOURCES, meterEventName } from './catalog';

/** Reports the member's not-yet-reported use past the quota; answers the units reported now. */
export async function reportOverage(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config' | 'clock' | 'logger'>,
  input: { userId: string; slug: string; instanceId: string | null },
): Promise<Partial<Record<MeteredResource, number>>> {
  const { db, payments, clock } = deps;
  if (!payments) return {};
  const now = clock.now();
  const loaded = await loadQuotaFacts(db, {
    slug: input.slug,
    userId: input.userId,
    instance: input.instanceId ? { id: input.instanceId } : null,
    now,
    freeMessagesPerMonth: deps.config.usage.freeMessagesPerMonth,
  });
  const facts = loaded?.facts;
  if (
    !loaded ||
    !facts?.subscription ||
    facts.subscriptionProvider !== 'stripe' ||
    !subscribedTier(facts)?.overage
  )
    return {};
  const row = await findUserSubscription(db, { id: facts.subscription.id, userId: input.userId });
  const customer = row?.provider_customer_id;
  if (!row || !customer) return {};
  const period = usagePeriod(now);
  const used = await readUsage(db, {
    subject: usageSubject(input.userId, ''),
    cloneId: loaded.cloneId,
    instanceId: loaded.instanceId,
    period,
  });
  const { quota } = quotasFor(facts);
  const reported: Partial<Record<MeteredResource, number>> = {};
  for (const resource of METERED_RESOURCES) {
    if (quota[resource] === UNLIMITED) continue;
    const over = Math.max(0, used[resource] - quota[resource]);
    if (over === 0) continue;
    const key = { subscriptionId: row.id, period, resource };
    const { from, added } = await raiseOverageReported(db, { ...key, total: over });
    if (added === 0) continue;
    try {
      await payments.stripe.billing.meterEvents.create({
        event_name: meterEventName(resource),
        payload: { stripe_customer_id: customer, value: String(added) },
        identifier: `${row.id}:${period}:${resource}:${from}-${over}`,
        timestamp: Math.floor(now.getTime() / 1000),
      });
      reported[resource] = added;
    } catch (error) {
      await lowerOverageReported(db, { ...key, total: from });
      deps.logger.warn(`overage report for subscription ${row.id} failed: ${describeError(error)}`);
    }
  }
  return reported;
}

/**
 * After a call's seconds were charged (the local voice or video session, Vapi's and Tavus's
 * end reports): reports a signed-in member's overage, found by the clone's id. Never throws:
 * a failed report is logged and sent with the next one.
 */
export function reportCallOverage(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config' | 'clock' | 'logger'>,
  call: { userId: string | null; cloneId: string; instanceId: string | null },
): Promise<void> {
  const { userId } = call;
  if (!deps.payments || !userId) return Promise.resolve();
  return (async () => {
    const slug = await findCloneSlug(deps.db, call.cloneId);
    if (slug) await reportOverage(deps, { userId, slug, instanceId: call.instanceId });
  })().catch((error) => deps.logger.error('call overage report failed', error));
}

/**
 * @module A caller's usage of a clone and the clone's membership tiers (spec/chat.md §3,
 * spec/calls.md §3): what the remaining-messages counter, the call countdowns and the paywall
 * show.
 */
import type { SubscriptionData, Usage } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { type AppEnv, identityOf } from '../middleware/identity';
import { loadQuotaFacts } from '../store/quota-facts';
import { readUsage, usageSubject } from '../store/usage-counters';
import { usagePeriod } from '../usage/period';
import { quotasFor, subscribedTier } from '../usage/quotas';
import { usageAnswer } from '../usage/usage-answer';
import { CLONE_NOT_FOUND, INSTANCE_NOT_FOUND } from './clones';

export function usageRoutes({ db, config, clock }: AppDeps) {
  /** The quota facts of the caller for `:slug` and `?instance=`, or the 404 answer. */
  const factsOf = async (slug: string, instanceSlug: string | undefined, userId: string | null) =>
    loadQuotaFacts(db, {
      slug,
      userId,
      instance: instanceSlug ? { slug: instanceSlug } : null,
      now: clock.now(),
      freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
    });

  return (
    new Hono<AppEnv>()
      /** This month's usage against the caller's quotas: the visitor's, or the signed-in user's. */
      .get('/clones/:slug/usage', async (c) => {
        const identity = identityOf(c);
        const user = await identity.user();
        const clone = await factsOf(c.req.param('slug'), c.req.query('instance'), user?.id ?? null);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        if (clone.instanceMissing) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const used = await readUsage(db, {
          subject: usageSubject(user?.id ?? null, identity.visitorId),
          cloneId: clone.cloneId,
          instanceId: clone.instanceId,
          period: usagePeriod(clock.now()),
        });
        const answer: Usage = usageAnswer({
          used,
          quotas: quotasFor(clone.facts),
          options: clone.options,
          signedIn: user !== null,
          relationship: clone.facts.relationship?.type ?? null,
        });
        return c.json(answer);
      })
      /**
       * The tiers on offer (active ones, of the clone or the `?instance=`) and the caller's
       * entitling subscription, as stored (basis, scheduled cancellation), while its tier exists.
       */
      .get('/clones/:slug/memberships', async (c) => {
        const user = await identityOf(c).user();
        const clone = await factsOf(c.req.param('slug'), c.req.query('instance'), user?.id ?? null);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        if (clone.instanceMissing) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const memberships = clone.facts.memberships.filter(
          (m) => m.active && (m.instanceId === null || m.instanceId === clone.instanceId),
        );
        const answer: SubscriptionData = {
          memberships,
          active_subscription: subscribedTier(clone.facts) ? clone.facts.subscription : null,
        };
        return c.json(answer);
      })
  );
}

/**
 * @module A caller's usage of a clone and the clone's membership tiers (spec/chat.md §3,
 * spec/calls.md §3): what the remaining-messages counter and the paywall show.
 */
import type { SubscriptionData, Usage } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { type AppEnv, identityOf } from '../middleware/identity';
import { findInstance } from '../store/clones';
import { loadQuotaFacts } from '../store/quota-facts';
import { readUsage, usageSubject } from '../store/usage-counters';
import { usagePeriod } from '../usage/period';
import { quotasFor } from '../usage/quotas';
import { usageAnswer } from '../usage/usage-answer';
import { CLONE_NOT_FOUND, INSTANCE_NOT_FOUND } from './clones';

export function usageRoutes({ db, config, clock }: AppDeps) {
  return (
    new Hono<AppEnv>()
      /** This month's usage against the caller's quotas: the visitor's, or the signed-in user's. */
      .get('/clones/:slug/usage', async (c) => {
        const identity = identityOf(c);
        const user = await identity.user();
        const clone = await loadQuotaFacts(db, {
          slug: c.req.param('slug'),
          userId: user?.id ?? null,
          freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
        });
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instanceSlug = c.req.query('instance');
        const instance = instanceSlug ? await findInstance(db, clone.cloneId, instanceSlug) : null;
        if (instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const used = await readUsage(db, {
          subject: usageSubject(user?.id ?? null, identity.visitorId),
          cloneId: clone.cloneId,
          instanceId: instance?.id ?? null,
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
      /** The tiers on offer (active ones, of the clone or the `?instance=`) and the caller's own. */
      .get('/clones/:slug/memberships', async (c) => {
        const user = await identityOf(c).user();
        const clone = await loadQuotaFacts(db, {
          slug: c.req.param('slug'),
          userId: user?.id ?? null,
          freeMessagesPerMonth: config.usage.freeMessagesPerMonth,
        });
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instanceSlug = c.req.query('instance');
        const instance = instanceSlug ? await findInstance(db, clone.cloneId, instanceSlug) : null;
        if (instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const memberships = clone.facts.memberships.filter(
          (m) => m.active && (m.instanceId === null || m.instanceId === instance?.id),
        );
        const paid = clone.facts.relationship?.membershipId ?? null;
        const tier = paid ? memberships.find((m) => m.id === paid) : undefined;
        const answer: SubscriptionData = {
          memberships,
          active_subscription: tier
            ? {
                membership: { id: tier.id, instanceId: tier.instanceId },
                basis: 'monthly',
                willCancelAtPeriodEnd: false,
              }
            : null,
        };
        return c.json(answer);
      })
  );
}

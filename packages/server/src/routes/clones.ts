/** @module Clone profile and the explore list. */
import type { CloneProfile } from '@doppel/protocol';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { toCloneProfile, toCloneSummary } from '../mappers/clone';
import { findCloneBySlug, findInstance, listPublicClones, listSuggestedQuestions } from '../store/clones';

export const CLONE_NOT_FOUND = 'Clone not found';
export const INSTANCE_NOT_FOUND = 'Instance not found';

export function cloneRoutes({ db, config }: AppDeps) {
  return (
    new Hono()
      /** The profile: clone, options, instance (?instance=), suggested questions, monetization. */
      .get('/clones/:slug', async (c) => {
        const clone = await findCloneBySlug(db, c.req.param('slug'));
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        const instanceSlug = c.req.query('instance');
        const instance = instanceSlug ? await findInstance(db, clone.id, instanceSlug) : null;
        if (instanceSlug && !instance) return apiError(c, 404, INSTANCE_NOT_FOUND);
        const questions = await listSuggestedQuestions(db, clone.id);
        const profile: CloneProfile = toCloneProfile(
          clone,
          instance,
          questions,
          config.offered,
          config.configured.gladia,
          config.configured.tavus,
        );
        return c.json(profile);
      })
      /** Public clones for the explore page. */
      .get('/explore', async (c) => c.json((await listPublicClones(db)).map(toCloneSummary)))
  );
}

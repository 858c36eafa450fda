/**
 * @module The studio's API (issue 10 §5, spec/chat.md §2 /studio/{slug}/build/questions):
 * GET and PUT /api/studio/clones/:slug/suggested-questions read and replace the clone's suggested
 * questions. Owners only (CREATOR, CONTRIBUTOR); anyone else gets 404, as for no such clone.
 */
import { SuggestedQuestionsRequest, type SuggestedQuestionsResponse } from '@doppel/protocol';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug, listSuggestedQuestions } from '../store/clones';
import { isCloneOwner, replaceSuggestedQuestions } from '../store/creator-tools';
import { CLONE_NOT_FOUND } from './clones';

export function studioRoutes({ db, config }: AppDeps) {
  const limits = { maxBytes: config.jsonBodyLimitBytes };

  /** The clone named by `:slug` when the caller is one of its owners. */
  const ownedClone = async <E extends AppEnv>(c: Context<E>) => {
    const user = await identityOf(c).user();
    const clone = user ? await findCloneBySlug(db, c.req.param('slug') ?? '') : null;
    return user && clone && (await isCloneOwner(db, user.id, clone.id)) ? clone : null;
  };
  const questionsOf = async (clone: { id: string; slug: string; name: string }) => {
    const answer: SuggestedQuestionsResponse = {
      slug: clone.slug,
      name: clone.name,
      questions: await listSuggestedQuestions(db, clone.id),
    };
    return answer;
  };

  return new Hono<AppEnv>()
    .get('/studio/clones/:slug/suggested-questions', async (c) => {
      const clone = await ownedClone(c);
      if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
      return c.json(await questionsOf(clone));
    })
    .put(
      '/studio/clones/:slug/suggested-questions',
      jsonBody(SuggestedQuestionsRequest, limits),
      async (c) => {
        const clone = await ownedClone(c);
        if (!clone) return apiError(c, 404, CLONE_NOT_FOUND);
        await replaceSuggestedQuestions(db, clone.id, c.var.body.questions);
        return c.json(await questionsOf(clone));
      },
    );
}

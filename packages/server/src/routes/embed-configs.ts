/** @module GET /api/embed/configs/:id — an embed configuration as the chat iframe reads it. */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { EMBED_CONFIG_ID, type EmbedConfig, toEmbedConfig } from '../embed/embed-config';
import { apiError } from '../http/api-error';
import { findEmbedConfig } from '../store/embed-configs';

export const EMBED_CONFIG_NOT_FOUND = 'Embed configuration not found';

export function embedConfigRoutes({ db }: AppDeps) {
  return new Hono().get('/embed/configs/:id', async (c) => {
    const id = c.req.param('id');
    const row = EMBED_CONFIG_ID.test(id) ? await findEmbedConfig(db, id) : null;
    if (!row) return apiError(c, 404, EMBED_CONFIG_NOT_FOUND);
    const answer: EmbedConfig = toEmbedConfig(row);
    c.header('Cache-Control', 'no-cache');
    return c.json(answer);
  });
}

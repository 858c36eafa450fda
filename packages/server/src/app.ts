/** @module The HTTP application: the API under /api, then the app and the embed loader. */
import type { Brain } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { Hono } from 'hono';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { apiError } from './http/api-error';
import { createLogger, type Logger } from './logger';
import { securityHeaders } from './middleware/security-headers';
import { cloneRoutes } from './routes/clones';
import { conversationRoutes } from './routes/conversations';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { openaiRoutes } from './routes/openai';
import { staticRoutes } from './routes/static-files';

export interface CreateAppOptions {
  db: Db;
  brain: Brain;
  config: Config;
  logger?: Logger;
}

/** Builds the application; serving it (node:http, tests' `app.request`) is the caller's part. */
export function createApp(options: CreateAppOptions): Hono {
  const deps: AppDeps = { ...options, logger: options.logger ?? createLogger(options.config.logLevel) };
  const api = new Hono()
    .route('/', healthRoutes(deps))
    .route('/', cloneRoutes(deps))
    .route('/', conversationRoutes(deps))
    .route('/', messageRoutes(deps))
    .route('/', mediaRoutes(deps))
    .route('/', openaiRoutes(deps))
    .all('*', (c) => apiError(c, 404, 'Not found'));

  const app = new Hono();
  app.use('*', securityHeaders());
  app.route('/api', api);
  app.route('/', staticRoutes(deps));
  app.onError((error, c) => {
    deps.logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return apiError(c, 500, 'Internal server error');
  });
  return app;
}

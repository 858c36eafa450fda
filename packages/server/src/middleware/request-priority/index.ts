/**
 * @module Tags a request's database work with when the request began (issue 14 §6): the embedded
 * database runs the statements of earlier requests first (@doppel/db query-priority.ts), so
 * in a burst answers start one after the other instead of all late together.
 */
import { queryPriority } from '@doppel/db';
import type { MiddlewareHandler } from 'hono';

export const requestPriority: MiddlewareHandler = (_c, next) => queryPriority.run(performance.now(), next);

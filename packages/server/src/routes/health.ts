/** @module Liveness for load balancers and the test scripts. */
import { Hono } from 'hono';
import type { AppDeps } from '../deps';

export function healthRoutes({ db }: AppDeps) {
  return new Hono().get('/health', async (c) => {
    await db.query('SELECT 1');
    return c.json({ ok: true, database: db.kind });
  });
}

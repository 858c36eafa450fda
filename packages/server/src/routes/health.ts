/** @module Liveness for load balancers and the test scripts. */
import { queryPriority, URGENT } from '@doppel/db';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';

export function healthRoutes({ db }: AppDeps) {
  return new Hono().get('/health', async (c) => {
    // Ahead of any queued work: a load balancer must see a busy process as alive.
    await queryPriority.run(URGENT, () => db.query('SELECT 1'));
    return c.json({ ok: true, database: db.kind });
  });
}

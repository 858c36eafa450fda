/**
 * A health check answers while every connection of the pool is busy (issue 14 §4, §6): it has a
 * connection of its own, so a load balancer sees a process busy with a burst as alive.
 */
import { describe, expect, it } from 'vitest';
import { openPostgresDb } from './postgres-db';
import { queryPriority, URGENT } from './query-priority';
import { DEFAULT_TEST_DATABASE_URL } from './testing';

describe.skipIf(process.env.DOPPEL_TEST_POSTGRES === 'off')('openPostgresDb', () => {
  it('answers an URGENT query while every pooled connection is held', async () => {
    const db = await openPostgresDb(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL, { max: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const busy = [1, 2].map(() => db.transaction(() => held));
      // An ordinary query waits for a connection; the health check does not.
      let ordinaryDone = false;
      const ordinary = db.query('SELECT 1 AS n').then(() => {
        ordinaryDone = true;
      });
      const [row] = await queryPriority.run(URGENT, () => db.query<{ n: number }>('SELECT 2 AS n'));
      expect(row?.n).toBe(2);
      expect(ordinaryDone).toBe(false);
      release();
      await Promise.all([...busy, ordinary]);
      expect(ordinaryDone).toBe(true);
    } finally {
      release();
      await db.close();
    }
  });
});

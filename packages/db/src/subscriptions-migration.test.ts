import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { migrate } from './migrate';
import { testDatabases } from './testing';

/**
 * 009_subscriptions.sql on a database that still has relationships.membership_id: the schema
 * is put back as 008 left it, rows written, then 009 applied again.
 */
describe.each(testDatabases())('009_subscriptions on $name', ({ open }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    // CASCADE: later tables (060 stripe_overage_reports) reference subscriptions.
    await db.query('DROP TABLE subscriptions CASCADE');
    await db.query('ALTER TABLE relationships ADD COLUMN membership_id text');
    await db.query("DELETE FROM schema_migrations WHERE name = '009_subscriptions.sql'");
  });
  afterAll(() => db.close());

  it('turns a relationship that named a tier into an active monthly subscription, then drops the column', async () => {
    const [clone] = await db.query<{ id: string }>(
      "INSERT INTO clones (slug, name) VALUES ('mig', 'Mig') RETURNING id",
    );
    const users = await db.query<{ id: string }>(
      "INSERT INTO users (email) VALUES ('payer@example.com'), ('free@example.com') RETURNING id",
    );
    const [payer, free] = users.map((u) => u.id);
    await db.query(
      `INSERT INTO relationships (user_id, clone_id, type, membership_id)
       VALUES ($1, $3, 'FOLLOWER', 'benchmate'), ($2, $3, 'FOLLOWER', NULL)`,
      [payer, free, clone?.id],
    );
    expect(await migrate(db)).toEqual(['009_subscriptions.sql']);
    const rows = await db.query(
      `SELECT user_id, clone_id, instance_id, membership_id, basis, status, current_period_end,
         cancel_at_period_end, provider FROM subscriptions`,
    );
    expect(rows).toEqual([
      {
        user_id: payer,
        clone_id: clone?.id,
        instance_id: null,
        membership_id: 'benchmate',
        basis: 'monthly',
        status: 'active',
        current_period_end: null,
        cancel_at_period_end: false,
        provider: 'manual',
      },
    ]);
    const column = await db.query(
      `SELECT 1 FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'relationships' AND column_name = 'membership_id'`,
    );
    expect(column).toEqual([]);
  });
});

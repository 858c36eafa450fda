import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { ENTITLING_SUBSCRIPTION_STATUSES, SubscriptionStatus } from '@doppel/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS, type SeededClone, seedClone } from '../../test/support/seed';
import {
  cancelSubscription,
  listSubscriptions,
  type SubscriptionInput,
  saveSubscription,
} from './subscriptions';
import { upsertUserByEmail } from './users';

let users = 0;

describe.each(testDatabases())('subscriptions on $name', ({ open }) => {
  let db: Db;
  let clone: SeededClone;
  const input = async (overrides: Partial<SubscriptionInput> = {}): Promise<SubscriptionInput> => ({
    userId: (await upsertUserByEmail(db, `member${++users}@example.com`)).id,
    cloneId: clone.id,
    instanceId: null,
    membershipId: 'benchmate',
    basis: 'monthly',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    ...overrides,
  });

  beforeAll(async () => {
    db = await open();
    clone = await seedClone(db, 'subs', { requireEmail: true, memberships: MEMBERSHIPS });
  });
  afterAll(() => db.close());

  it('keeps one entitling subscription per user, clone and instance, updated in place', async () => {
    const first = await saveSubscription(db, await input());
    const second = await saveSubscription(db, {
      ...(await input()),
      userId: first.user_id,
      basis: 'yearly',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
    });
    expect(second).toMatchObject({
      id: first.id,
      basis: 'yearly',
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: new Date('2031-01-01T00:00:00Z'),
      provider: 'manual',
    });
    const atInstance = await saveSubscription(db, {
      ...(await input()),
      userId: first.user_id,
      instanceId: clone.instanceId,
    });
    expect(atInstance.id).not.toBe(first.id);
    expect(await listSubscriptions(db, { userId: first.user_id, cloneId: clone.id })).toHaveLength(2);
  });

  it('treats exactly ENTITLING_SUBSCRIPTION_STATUSES as entitling (the migration index agrees)', async () => {
    for (const status of SubscriptionStatus.options) {
      const base = await input({ status });
      const first = await saveSubscription(db, base);
      const second = await saveSubscription(db, base);
      expect({ status, sameRow: first.id === second.id }).toEqual({
        status,
        sameRow: ENTITLING_SUBSCRIPTION_STATUSES.includes(status),
      });
    }
  });

  it('cancels the entitling subscription, and answers null when there is none', async () => {
    const base = await input();
    await saveSubscription(db, base);
    const canceled = await cancelSubscription(db, base);
    expect(canceled).toMatchObject({ status: 'canceled', membership_id: 'benchmate' });
    expect(await cancelSubscription(db, base)).toBeNull();
    // A new subscription can follow; the canceled one stays as history.
    await saveSubscription(db, { ...base, membershipId: 'free' });
    const rows = await listSubscriptions(db, base);
    expect(rows.map((r) => [r.membership_id, r.status]).sort()).toEqual([
      ['benchmate', 'canceled'],
      ['free', 'active'],
    ]);
  });

  it('keeps provider subscription ids unique', async () => {
    const base = await input({
      provider: 'stripe',
      providerSubscriptionId: 'sub_123',
      providerCustomerId: 'cus_1',
    });
    await saveSubscription(db, base);
    await expect(saveSubscription(db, await input({ providerSubscriptionId: 'sub_123' }))).rejects.toThrow();
  });
});

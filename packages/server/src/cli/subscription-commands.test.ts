import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS, type SeededClone, seedClone } from '../../test/support/seed';
import { setRelationship } from '../store/relationships';
import { listSubscriptions } from '../store/subscriptions';
import { findUserByEmail } from '../store/users';
import { type CliIo, runCli } from './run-cli';
import { parseSubscriptionCommand } from './subscription-commands';

function captureIo(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}
const neverOpen = async (): Promise<{ db: Db; applied: string[] }> => {
  throw new Error('this command must not open the database');
};

describe('parseSubscriptionCommand', () => {
  it('reads set with its options, and cancel', () => {
    expect(
      parseSubscriptionCommand([
        'set',
        'a@example.com',
        'jun',
        'benchmate',
        '--yearly',
        '--instance',
        'workshop',
        '--until',
        '2031-01-31',
        '--cancel-at-period-end',
      ]),
    ).toEqual({
      action: 'set',
      email: 'a@example.com',
      slug: 'jun',
      membershipId: 'benchmate',
      instance: 'workshop',
      basis: 'yearly',
      until: new Date('2031-01-31T00:00:00Z'),
      cancelAtPeriodEnd: true,
    });
    expect(parseSubscriptionCommand(['cancel', 'a@example.com', 'jun'])).toEqual({
      action: 'cancel',
      email: 'a@example.com',
      slug: 'jun',
    });
  });

  it('checks the arguments before opening the database (exit 2)', async () => {
    for (const args of [
      ['subscription'],
      ['subscription', 'renew', 'a@example.com', 'jun'],
      ['subscription', 'set', 'a@example.com', 'jun'],
      ['subscription', 'set', 'nobody', 'jun', 'benchmate'],
      ['subscription', 'set', 'a@example.com', 'jun', 'benchmate', '--until', '31/01/2031'],
      ['subscription', 'set', 'a@example.com', 'jun', 'benchmate', '--instance'],
      ['subscription', 'cancel', 'a@example.com', 'jun', '--yearly'],
      ['subscription', 'cancel', 'a@example.com'],
    ]) {
      const io = captureIo();
      expect(await runCli(args, io, { open: neverOpen })).toBe(2);
      expect(io.err_.join('\n')).toMatch(/^doppel subscription: /);
    }
  });
});

describe.each(testDatabases())('doppel subscription on $name', ({ open }) => {
  let db: Db;
  let jun: SeededClone;
  const keep = async () => ({ db: { ...db, close: async () => {} }, applied: [] });
  const run = async (...args: string[]) => {
    const io = captureIo();
    const code = await runCli(['subscription', ...args], io, { open: keep });
    return { code, out: io.out_.join('\n'), err: io.err_.join('\n') };
  };
  const subscriptionsOf = async (email: string) => {
    const user = await findUserByEmail(db, email);
    return user ? listSubscriptions(db, { userId: user.id, cloneId: jun.id }) : [];
  };

  beforeAll(async () => {
    db = await open();
    jun = await seedClone(db, 'jun', { requireEmail: true, memberships: MEMBERSHIPS });
  });
  afterAll(() => db.close());

  it('subscribes a user (created when needed) and replaces the subscription on a second set', async () => {
    expect(await run('set', 'reader@example.com', 'jun', 'benchmate')).toEqual({
      code: 0,
      out: 'reader@example.com is now subscribed to "benchmate" of "jun", monthly.',
      err: '',
    });
    expect(
      await run(
        'set',
        'reader@example.com',
        'jun',
        'benchmate',
        '--yearly',
        '--until',
        '2031-01-31',
        '--cancel-at-period-end',
      ),
    ).toMatchObject({
      code: 0,
      out: 'reader@example.com is now subscribed to "benchmate" of "jun", yearly until 2031-01-31, then it ends.',
    });
    const [row, ...others] = await subscriptionsOf('reader@example.com');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      membership_id: 'benchmate',
      basis: 'yearly',
      status: 'active',
      current_period_end: new Date('2031-01-31T00:00:00Z'),
      cancel_at_period_end: true,
      instance_id: null,
      provider: 'manual',
    });
  });

  it('subscribes to an instance apart from the clone', async () => {
    expect((await run('set', 'school@example.com', 'jun', 'benchmate', '--instance', 'workshop')).code).toBe(
      0,
    );
    const [row] = await subscriptionsOf('school@example.com');
    expect(row?.instance_id).toBe(jun.instanceId);
    expect(await run('set', 'school@example.com', 'jun', 'benchmate', '--instance', 'attic')).toMatchObject({
      code: 1,
      err: 'doppel subscription: "jun" has no instance "attic"',
    });
  });

  it('cancels, and says so when there is nothing to cancel', async () => {
    await run('set', 'leaver@example.com', 'jun', 'benchmate');
    expect(await run('cancel', 'leaver@example.com', 'jun')).toEqual({
      code: 0,
      out: 'leaver@example.com is no longer subscribed to "jun"; the free tier applies.',
      err: '',
    });
    expect((await subscriptionsOf('leaver@example.com')).map((s) => s.status)).toEqual(['canceled']);
    expect(await run('cancel', 'leaver@example.com', 'jun')).toMatchObject({
      code: 1,
      err: 'doppel subscription: leaver@example.com has no subscription to "jun"',
    });
  });

  it('refuses unknown clones and tiers, yearly plans without a yearly price, and owners', async () => {
    expect(await run('set', 'x@example.com', 'nobody', 'benchmate')).toMatchObject({
      code: 1,
      err: 'doppel subscription: there is no clone "nobody"',
    });
    expect(await run('set', 'x@example.com', 'jun', 'gold')).toMatchObject({
      code: 1,
      err: 'doppel subscription: "jun" has no membership "gold" (its tiers: free, benchmate)',
    });
    // The free tier's annualPrice is 0: no yearly plan (spec/calls.md §9).
    expect(await run('set', 'x@example.com', 'jun', 'free', '--yearly')).toMatchObject({
      code: 1,
      err: 'doppel subscription: "free" has no yearly price',
    });
    await run('set', 'maker@example.com', 'jun', 'free');
    const maker = await findUserByEmail(db, 'maker@example.com');
    await setRelationship(db, { userId: maker?.id ?? '', cloneId: jun.id, type: 'CREATOR' });
    expect(await run('set', 'maker@example.com', 'jun', 'benchmate')).toMatchObject({
      code: 1,
      err: "doppel subscription: You can't subscribe to your own clone",
    });
  });
});

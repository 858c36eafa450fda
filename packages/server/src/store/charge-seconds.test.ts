import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS, type SeededClone, seedClone } from '../../test/support/seed';
import { usagePeriod } from '../usage/period';
import { type ChargeSecondsInput, chargeSeconds } from './charge-seconds';
import { setOverage, setRelationship } from './relationships';
import { saveSubscription } from './subscriptions';
import { readUsage, usageSubject } from './usage-counters';
import { upsertUserByEmail } from './users';

const NOW = new Date('2030-03-10T09:00:00Z');
let visitors = 0;

describe.each(testDatabases())('chargeSeconds on $name', ({ open }) => {
  let db: Db;
  let calls: SeededClone;

  /** A fresh visitor's charge on the `calls` clone (2 voice minutes, 1 video minute). */
  const visitorCharge = (overrides: Partial<ChargeSecondsInput> = {}): ChargeSecondsInput => ({
    resource: 'voice_seconds',
    userId: null,
    visitorId: `visitor-${++visitors}`,
    cloneId: calls.id,
    instanceId: null,
    seconds: 30,
    now: NOW,
    ...overrides,
  });
  const usedBy = (input: ChargeSecondsInput) =>
    readUsage(db, {
      subject: usageSubject(input.userId, input.visitorId),
      cloneId: input.cloneId,
      instanceId: input.instanceId,
      period: usagePeriod(NOW),
    });
  const countersOf = async (input: ChargeSecondsInput) =>
    (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_counters WHERE subject = $1', [
        usageSubject(input.userId, input.visitorId),
      ])
    )[0]?.n;
  const member = async (name: string) => upsertUserByEmail(db, `${name}.${++visitors}@example.com`);

  beforeAll(async () => {
    db = await open();
    calls = await seedClone(db, 'calls', {
      requireEmail: true,
      anonymousVoiceMinutes: 2,
      anonymousVideoMinutes: 1,
      memberships: MEMBERSHIPS,
    });
  });
  afterAll(() => db.close());

  it('grants a visitor up to the anonymous minutes × 60, the last charge partly, then refuses', async () => {
    const input = visitorCharge({ seconds: 50 });
    expect(await chargeSeconds(db, input)).toEqual({ status: 'charged', granted: 50, used: 50, limit: 120 });
    expect(await chargeSeconds(db, { ...input, seconds: 100 })).toEqual({
      status: 'charged',
      granted: 70,
      used: 120,
      limit: 120,
    });
    expect(await chargeSeconds(db, { ...input, seconds: 1 })).toEqual({
      status: 'refused',
      used: 120,
      limit: 120,
    });
    expect(await usedBy(input)).toEqual({ messages: 0, voice_seconds: 120, video_seconds: 0 });
  });

  it('meters video apart from voice', async () => {
    const input = visitorCharge({ resource: 'video_seconds', seconds: 45 });
    expect(await chargeSeconds(db, input)).toMatchObject({ status: 'charged', granted: 45, limit: 60 });
    expect(await chargeSeconds(db, { ...input, seconds: 45 })).toMatchObject({ granted: 15, used: 60 });
    expect(await chargeSeconds(db, { ...input, resource: 'voice_seconds', seconds: 45 })).toMatchObject({
      granted: 45,
      limit: 120,
    });
    expect(await usedBy(input)).toEqual({ messages: 0, voice_seconds: 45, video_seconds: 60 });
  });

  it('refuses a quota of 0 before anything is written', async () => {
    const user = await member('free');
    const input = visitorCharge({ userId: user.id }); // the free tier has no call time
    expect(await chargeSeconds(db, input)).toEqual({ status: 'refused', used: 0, limit: 0 });
    expect(await countersOf(input)).toBe(0);
  });

  it('refuses an exhausted quota without writing', async () => {
    const input = visitorCharge({ seconds: 120 });
    await chargeSeconds(db, input);
    const before = await db.query(
      'SELECT * FROM usage_counters ORDER BY subject, clone_id, instance_key, period',
    );
    expect(await chargeSeconds(db, { ...input, seconds: 5 })).toMatchObject({ status: 'refused' });
    expect(
      await db.query('SELECT * FROM usage_counters ORDER BY subject, clone_id, instance_key, period'),
    ).toEqual(before);
  });

  it('never lets 30 concurrent charges pass the quota', async () => {
    const input = visitorCharge({ seconds: 7 });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => chargeSeconds(db, input)));
    const granted = outcomes.map((o) => (o.status === 'charged' ? o.granted : 0));
    expect(granted.reduce((a, b) => a + b, 0)).toBe(120);
    expect(granted.filter((g) => g === 7)).toHaveLength(17); // 17 × 7 = 119 …
    expect(granted.filter((g) => g === 1)).toHaveLength(1); // … and the last second
    expect(outcomes.filter((o) => o.status === 'refused')).toHaveLength(12);
    expect((await usedBy(input)).voice_seconds).toBe(120);
  });

  it('never lets concurrent charges of a member pass the subscribed tier', async () => {
    const user = await member('benchmate');
    await saveSubscription(db, {
      userId: user.id,
      cloneId: calls.id,
      instanceId: null,
      membershipId: 'benchmate', // 60 voice minutes
      basis: 'yearly',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    const input = visitorCharge({ userId: user.id, seconds: 3590 });
    expect(await chargeSeconds(db, input)).toMatchObject({ granted: 3590, limit: 3600 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => chargeSeconds(db, { ...input, seconds: 1 })),
    );
    expect(outcomes.filter((o) => o.status === 'charged')).toHaveLength(10);
    expect((await usedBy(input)).voice_seconds).toBe(3600);
  });

  it('charges everything for owners and with overage (billed past the quota)', async () => {
    const owner = await member('owner');
    await setRelationship(db, { userId: owner.id, cloneId: calls.id, type: 'CREATOR' });
    expect(await chargeSeconds(db, visitorCharge({ userId: owner.id, seconds: 9000 }))).toMatchObject({
      status: 'charged',
      granted: 9000,
      limit: -1,
    });
    const payer = await member('overage');
    await setOverage(db, { userId: payer.id, cloneId: calls.id, overageEnabled: true });
    expect(await chargeSeconds(db, visitorCharge({ userId: payer.id, seconds: 500 }))).toMatchObject({
      granted: 500,
      limit: -1,
    });
  });

  it('counts each instance apart', async () => {
    const input = visitorCharge({ seconds: 120 });
    await chargeSeconds(db, input);
    expect(await chargeSeconds(db, { ...input, instanceId: calls.instanceId })).toMatchObject({
      granted: 120,
    });
  });

  it('answers not-found for an unknown clone and refuses amounts that are not whole seconds above 0', async () => {
    expect(
      await chargeSeconds(db, visitorCharge({ cloneId: '4f0c5a4e-0000-4000-8000-000000000000' })),
    ).toEqual({
      status: 'not-found',
    });
    for (const seconds of [0, -3, 1.5, Number.NaN]) {
      await expect(chargeSeconds(db, visitorCharge({ seconds }))).rejects.toThrow(RangeError);
    }
  });
});

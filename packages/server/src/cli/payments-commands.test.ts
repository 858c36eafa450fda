import type { Db } from '@doppel/db';
import { testDatabases } from '@doppel/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS, seedClone } from '../../test/support/seed';
import { loadConfig } from '../config';
import { type LocalStripe, startLocalStripe } from '../providers/stripe/local-stripe';
import { type CliIo, runCli } from './run-cli';

function captureIo(): CliIo & { out_: string[]; err_: string[] } {
  const out_: string[] = [];
  const err_: string[] = [];
  return { out_, err_, out: (l) => out_.push(l), err: (l) => err_.push(l) };
}
const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_cliDouble00001',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_cliDouble00001',
  STRIPE_WEBHOOK_SECRET: 'whsec_cliDouble00001',
};
/** A tier that bills overage: per message, per voice minute (metered per second). */
const WITH_OVERAGE = [
  ...MEMBERSHIPS,
  {
    ...MEMBERSHIPS[1],
    id: 'patron',
    name: 'Patron',
    basePrice: 20,
    annualPrice: 0,
    overage: { perMessage: 0.05, perVoiceMinute: 0.3, perVideoMinute: 0 },
  },
];

describe.each(testDatabases())('doppel payments sync on $name', ({ open }) => {
  let db: Db;
  let stripe: LocalStripe;
  const run = (args: string[], env: Record<string, string>) => {
    const io = captureIo();
    return runCli(args, io, {
      open: async () => ({ db: { ...db, close: async () => {} }, applied: [] }),
      config: () => ({ ...loadConfig(env), dataDir: 'memory://' }),
    }).then((code) => ({ code, io }));
  };

  beforeAll(async () => {
    db = await open();
    await seedClone(db, 'jun', { requireEmail: true, memberships: WITH_OVERAGE });
    stripe = await startLocalStripe({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
    });
  });
  afterAll(async () => {
    await stripe.close();
    await db.close();
  });

  it('creates the tiers at Stripe once: a second run makes nothing', async () => {
    const env = { ...KEYS, STRIPE_API_BASE: stripe.url };
    const first = await run(['payments', 'sync', 'jun'], env);
    expect([first.code, first.io.err_]).toEqual([0, []]);
    expect(first.io.out_).toEqual(['jun: 3 tiers; 3 products and 7 prices created at Stripe']);
    const prices = [...stripe.prices.values()];
    // Free: monthly 0 (Select); Benchmate: 800 monthly, 8000 yearly; Patron: 2000 monthly and
    // three metered overage prices (no yearly: annualPrice 0).
    expect(
      prices
        .filter((p) => p.recurring.usage_type === 'licensed')
        .map((p) => [p.unit_amount, p.recurring.interval]),
    ).toEqual([
      [0, 'month'],
      [800, 'month'],
      [8000, 'year'],
      [2000, 'month'],
    ]);
    const metered = prices.filter((p) => p.recurring.usage_type === 'metered');
    expect(metered.map((p) => [p.metadata.doppel_kind, p.unit_amount_decimal])).toEqual([
      ['messages', '5'],
      ['voice_seconds', '0.5'],
      ['video_seconds', '0'],
    ]);
    expect([...stripe.meters.values()].map((m) => m.event_name).sort()).toEqual([
      'doppel_messages',
      'doppel_video_seconds',
      'doppel_voice_seconds',
    ]);
    const again = await run(['payments', 'sync'], env);
    expect(again.io.out_).toEqual(['jun: 3 tiers; 0 products and 0 prices created at Stripe']);
    expect(stripe.prices.size).toBe(7);
    // Only the first run's look-ups of products not made yet were answered 404 (then created).
    expect(stripe.refused).toHaveLength(3);
    expect(stripe.refused.every((r) => r.startsWith('404 No such product'))).toBe(true);
  });

  it('says plainly when Stripe is not configured, or the clone does not exist', async () => {
    const unset = await run(['payments', 'sync'], {});
    expect(unset.code).toBe(1);
    expect(unset.io.err_.join('\n')).toMatch(/Stripe is not configured/);
    const nobody = await run(['payments', 'sync', 'nobody'], { ...KEYS, STRIPE_API_BASE: stripe.url });
    expect([nobody.code, nobody.io.err_]).toEqual([1, ['doppel payments: no clone "nobody"']]);
    const usage = await run(['payments', 'refund'], {});
    expect(usage.code).toBe(2);
  });
});

import type { MySubscription } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { jsonResponse, membership } from '../test/fixtures';
import { mockApi } from '../test/render-app';
import { createMembershipFlow, type MembershipNotice, RESUMED } from './membership-flow';

const pro = membership({ id: 'pro', name: 'Supporter', basePrice: 8, annualPrice: 80 });
const mine = (over: Partial<MySubscription> = {}): MySubscription => ({
  id: 'sub-1',
  clone: { slug: 'demo', name: 'Ada Demo', imageUrl: null },
  instance: null,
  membershipId: 'pro',
  membership: pro,
  basis: 'monthly',
  status: 'active',
  entitled: true,
  willCancelAtPeriodEnd: false,
  currentPeriodEnd: '2027-01-05T00:00:00.000Z',
  provider: 'stripe',
  ...over,
});
const data = (active: { basis: 'monthly' | 'yearly'; willCancelAtPeriodEnd: boolean } | null) =>
  jsonResponse({
    memberships: [pro],
    active_subscription: active && { id: 'sub-1', membership: { id: 'pro', instanceId: null }, ...active },
  });

function flowWith(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(handlers);
  const notices: MembershipNotice[] = [];
  let changed = 0;
  const flow = createMembershipFlow({
    api: createApiClient(),
    slug: 'demo',
    instanceSlug: null,
    returnUrl: () => 'http://localhost/demo/talk?checkout=done',
    notify: (notice) => {
      notices.push(notice);
      return notices.length;
    },
    onChanged: () => {
      changed += 1;
    },
    sleep: async () => {},
  });
  return { flow, calls: api.calls, notices, changed: () => changed };
}

describe('membership flow (spec/calls.md §4, §7, §8)', () => {
  it('Subscribe creates the subscription with the spec fields, opens the checkout, and waits for Stripe to report it paid', async () => {
    let reads = 0;
    const { flow, calls, notices, changed } = flowWith({
      'GET /api/clones/demo/memberships': () => data(null),
      'POST /api/subscriptions': () =>
        jsonResponse(
          {
            subscription: mine({ status: 'incomplete', entitled: false }),
            client_secret: 'pi_123_secret_abc',
            publishableKey: 'pk_test_abcdefgh',
          },
          201,
        ),
      'GET /api/subscriptions/sub-1': () => {
        reads += 1;
        return jsonResponse(reads < 3 ? mine({ status: 'incomplete', entitled: false }) : mine());
      },
    });
    await flow.reload();
    await flow.act(pro, 'monthly', 'subscribe');
    expect(calls.find((c) => c.key === 'POST /api/subscriptions')?.body).toEqual({
      slug: 'demo',
      membershipId: 'pro',
      basis: 'monthly',
      redirect_url: 'http://localhost/demo/talk?checkout=done',
    });
    expect(flow.step.value).toMatchObject({
      name: 'checkout',
      clientSecret: 'pi_123_secret_abc',
      publishableKey: 'pk_test_abcdefgh',
      subscriptionId: 'sub-1',
    });
    expect(await flow.paid()).toBe(true);
    expect(reads).toBe(3);
    expect(flow.step.value.name).toBe('tiers');
    expect(changed()).toBe(1);
    expect(notices.at(-1)).toMatchObject({ kind: 'success', message: 'Welcome to Supporter!' });
  });

  it("says 'Failed to create subscription' with the server's reason, and stays on the tiers", async () => {
    const { flow, notices } = flowWith({
      'GET /api/clones/demo/memberships': () => data(null),
      'POST /api/subscriptions': () => jsonResponse({ error: "You can't subscribe to your own clone" }, 403),
    });
    await flow.reload();
    await flow.act(pro, 'monthly', 'subscribe');
    expect(notices).toEqual([
      {
        kind: 'error',
        message: 'Failed to create subscription',
        description: "You can't subscribe to your own clone",
      },
    ]);
    expect(flow.step.value.name).toBe('tiers');
    expect(flow.busy.value).toBeNull();
  });

  it('Switch asks first, then switches the active subscription to the chosen tier and period', async () => {
    const { flow, calls, changed } = flowWith({
      'GET /api/clones/demo/memberships': () => data({ basis: 'monthly', willCancelAtPeriodEnd: false }),
      'POST /api/subscriptions/sub-1/switch': () => jsonResponse(mine({ basis: 'yearly' })),
    });
    await flow.reload();
    await flow.act(pro, 'yearly', 'switch');
    expect(flow.step.value).toMatchObject({ name: 'confirm-switch', basis: 'yearly' });
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await flow.confirm();
    expect(calls.find((c) => c.key === 'POST /api/subscriptions/sub-1/switch')?.body).toEqual({
      membershipId: 'pro',
      basis: 'yearly',
    });
    expect(flow.step.value.name).toBe('tiers');
    expect(changed()).toBe(1);
  });

  it("Cancel asks first and schedules the end; Resume takes it back ('Loading...' then 'Resumed subscription!')", async () => {
    const { flow, calls, notices } = flowWith({
      'GET /api/clones/demo/memberships': () => data({ basis: 'monthly', willCancelAtPeriodEnd: false }),
      'GET /api/subscriptions/sub-1': () => jsonResponse(mine()),
      'POST /api/subscriptions/sub-1/cancel': () => jsonResponse(mine({ willCancelAtPeriodEnd: true })),
      'POST /api/subscriptions/sub-1/resume': () => jsonResponse(mine()),
    });
    await flow.reload();
    await flow.act(pro, 'monthly', 'cancel');
    expect(flow.step.value.name).toBe('confirm-cancel');
    await flow.confirm();
    expect(calls.filter((c) => c.key === 'POST /api/subscriptions/sub-1/cancel')).toHaveLength(1);
    expect(notices.at(-1)).toMatchObject({
      message: 'Cancellation scheduled',
      description: 'Supporter stays yours until January 5, 2027.',
    });
    await flow.act(pro, 'monthly', 'resume');
    expect(calls.filter((c) => c.key === 'POST /api/subscriptions/sub-1/resume')).toHaveLength(1);
    expect(notices.slice(-2).map((n) => n.message)).toEqual(['Loading...', RESUMED]);
  });

  it("says 'No active subscription' when Cancel or Resume is used without one, and calls nothing", async () => {
    const { flow, calls, notices } = flowWith({ 'GET /api/clones/demo/memberships': () => data(null) });
    await flow.reload();
    await flow.act(pro, 'monthly', 'resume');
    await flow.act(pro, 'monthly', 'cancel');
    expect(notices.map((n) => n.message)).toEqual(['No active subscription', 'No active subscription']);
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });
});

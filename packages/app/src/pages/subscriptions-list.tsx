/**
 * @module The Subscriptions page's list (spec/calls.md §2, /billing): the signed-in user's real
 * subscriptions (GET /api/subscriptions) with their tier, price, state and the way to manage each
 * one (its clone's membership page; Stripe's customer portal in a new tab for the payment method
 * and invoices). Says plainly when payments are not set up on this site.
 */
import { formatPrice, membershipPrice } from '@doppel/core';
import type { MySubscription, PaymentsConfig } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { errorMessage, fetchBillingPortalLink, fetchMySubscriptions, fetchPaymentsConfig } from '../api';
import { Avatar } from '../components/avatar';
import { formatDay } from '../paywall/membership-flow';
import { membershipsUrl } from '../routes';
import { useServices } from '../services';
import '../components/dialog.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; subscriptions: MySubscription[]; config: PaymentsConfig }
  | { status: 'error'; error: string };

/** What a subscription's state is, in words, and its badge's tone. */
function stateOf(subscription: MySubscription): { label: string; tone: 'ok' | 'warn' | 'off' } {
  if (subscription.entitled && subscription.willCancelAtPeriodEnd) {
    return {
      label: subscription.currentPeriodEnd ? `Ends ${formatDay(subscription.currentPeriodEnd)}` : 'Ends soon',
      tone: 'warn',
    };
  }
  if (subscription.entitled)
    return {
      label: subscription.status === 'past_due' ? 'Payment due' : 'Active',
      tone: subscription.status === 'past_due' ? 'warn' : 'ok',
    };
  if (subscription.status === 'incomplete') return { label: 'Awaiting payment', tone: 'warn' };
  return { label: 'Ended', tone: 'off' };
}

export function SubscriptionsList({ email }: { email: string }) {
  const { api } = useServices();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [opening, setOpening] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    let live = true;
    Promise.all([fetchMySubscriptions(api), fetchPaymentsConfig(api)]).then(
      ([subscriptions, config]) => live && setLoad({ status: 'ready', subscriptions, config }),
      (error: unknown) => live && setLoad({ status: 'error', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  async function openPortal() {
    // The tab opens at once (a popup blocker allows it in the click), then goes to Stripe.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await fetchBillingPortalLink(api, window.location.href);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      toast.error('Failed to open the billing portal', { description: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  }

  if (load.status === 'loading') {
    return (
      <div className="account-card card" aria-busy="true">
        <span className="skeleton" style={{ width: 220, height: 18 }} />
        <span className="skeleton" style={{ width: 300, height: 16 }} />
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="account-card card" role="alert">
        <p>Your subscriptions could not be loaded. {load.error}</p>
        <div>
          <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  const { subscriptions, config } = load;
  if (subscriptions.length === 0) {
    return (
      <div className="account-card card">
        <p className="account-lead">
          {config.enabled ? 'No subscriptions yet' : 'Payments are not configured yet'}
        </p>
        <p className="account-muted">
          {config.enabled
            ? `Memberships of a clone are on its page. You have none yet, and nothing is charged to ${email}.`
            : `Memberships of a clone are listed on its page, but subscribing needs a payment provider this site does not have yet. You have no subscriptions, and nothing is charged to ${email}.`}
        </p>
      </div>
    );
  }
  const anyStripe = subscriptions.some((s) => s.provider === 'stripe');
  return (
    <>
      <ul className="subscription-list" aria-label="Your subscriptions">
        {subscriptions.map((subscription) => {
          const state = stateOf(subscription);
          const name = subscription.instance?.name ?? subscription.clone.name;
          const price = subscription.membership
            ? membershipPrice(subscription.membership, subscription.basis)
            : null;
          return (
            <li key={subscription.id} className="subscription-item card">
              <Avatar name={name} imageUrl={subscription.clone.imageUrl} size={44} />
              <div className="subscription-main">
                <p className="subscription-title">
                  {subscription.membership?.name ?? 'A tier no longer offered'} · {name}
                </p>
                <p className="account-muted subscription-meta">
                  {price !== null
                    ? formatPrice(price, subscription.basis)
                    : subscription.basis === 'monthly'
                      ? 'Monthly'
                      : 'Yearly'}
                  {subscription.entitled &&
                  !subscription.willCancelAtPeriodEnd &&
                  subscription.currentPeriodEnd
                    ? ` · renews ${formatDay(subscription.currentPeriodEnd)}`
                    : ''}
                </p>
              </div>
              <span className={`subscription-state is-${state.tone}`}>{state.label}</span>
              <Link
                className="btn btn-secondary subscription-manage"
                href={membershipsUrl(subscription.clone.slug, subscription.instance?.slug ?? null)}
                aria-label={`Manage ${subscription.membership?.name ?? 'membership'} of ${name}`}
              >
                Manage
              </Link>
            </li>
          );
        })}
      </ul>
      {anyStripe && config.enabled && (
        <p className="account-muted">
          Payment method and invoices:{' '}
          <button type="button" className="link-button" onClick={() => void openPortal()} disabled={opening}>
            open the billing portal
          </button>{' '}
          (Stripe, new tab).
        </p>
      )}
    </>
  );
}

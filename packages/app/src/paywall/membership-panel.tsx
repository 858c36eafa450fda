/**
 * @module The memberships of a clone as one panel (spec/calls.md §2, §4): the monthly/yearly
 * toggle and the cards, then the checkout or a confirmation — the view of a `MembershipFlow`,
 * shown in the paywall dialog and on the membership page.
 */
import { canShowMembership, formatPrice, membershipPrice } from '@doppel/core';
import type { BillingBasis, Features, RelationshipType } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { ApiClient } from '../api';
import { ArrowLeftIcon } from '../components/icons';
import { CheckoutView } from './checkout-view';
import { MembershipCard } from './membership-card';
import {
  createMembershipFlow,
  formatDay,
  type MembershipFlow,
  type MembershipNotice,
} from './membership-flow';
import './paywall.css';

/** Shows a flow's notice as a toast (a loading one is replaced by what follows it). */
function showNotice(notice: MembershipNotice, replaces?: string | number): string | number {
  const options = {
    ...(replaces !== undefined ? { id: replaces } : {}),
    ...(notice.description ? { description: notice.description } : {}),
  };
  if (notice.kind === 'loading') return toast.loading(notice.message, options);
  if (notice.kind === 'error') return toast.error(notice.message, options);
  return toast.success(notice.message, options);
}

/** The page Stripe returns to after a redirecting payment method: here, without its query. */
export function checkoutReturnUrl(): string {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('checkout', 'done');
  return url.toString();
}

/** Makes (once per clone) and loads the memberships flow; `onChanged` refreshes the page's usage. */
export function useMembershipFlow(
  api: ApiClient,
  slug: string,
  instanceSlug: string | null,
  onChanged?: () => void,
): MembershipFlow {
  const [changed] = useState(() => ({ current: onChanged }));
  changed.current = onChanged;
  const flow = useMemo(
    () =>
      createMembershipFlow({
        api,
        slug,
        instanceSlug,
        returnUrl: checkoutReturnUrl,
        notify: showNotice,
        onChanged: () => changed.current?.(),
      }),
    [api, slug, instanceSlug, changed],
  );
  useEffect(() => {
    void flow.reload();
  }, [flow]);
  return flow;
}

export interface MembershipPanelProps {
  flow: MembershipFlow;
  cloneName: string;
  relationshipType: RelationshipType | null;
  paymentsEnabled: boolean;
  features: Pick<Features, 'voiceCall' | 'videoCall' | 'sms' | 'telegram'>;
  /** Given when nobody is signed in: a card's button asks to sign in first (spec/calls.md §2). */
  onSignIn?: () => void;
}

export function MembershipPanel({
  flow,
  cloneName,
  relationshipType,
  paymentsEnabled,
  features,
  onSignIn,
}: MembershipPanelProps) {
  useSignals();
  const [basis, setBasis] = useState<BillingBasis>('monthly');
  const load = flow.load.value;
  const step = flow.step.value;
  const busy = flow.busy.value;
  // Start on the period of the plan the user has.
  const activeBasis = load.status === 'ready' ? (load.data.active_subscription?.basis ?? null) : null;
  useEffect(() => {
    if (activeBasis) setBasis(activeBasis);
  }, [activeBasis]);

  if (step.name === 'checkout') {
    return (
      <CheckoutView
        key={step.clientSecret}
        membership={step.membership}
        basis={step.basis}
        publishableKey={step.publishableKey}
        clientSecret={step.clientSecret}
        returnUrl={checkoutReturnUrl()}
        onPaid={flow.paid}
        onBack={flow.back}
      />
    );
  }
  if (step.name === 'confirm-switch' || step.name === 'confirm-cancel') {
    const price = membershipPrice(step.membership, step.basis);
    const priced = price !== null ? formatPrice(price, step.basis) : '';
    const working = busy !== null;
    return (
      <section className="membership-confirm" aria-labelledby="membership-confirm-title">
        <button
          type="button"
          className="icon-btn checkout-back"
          onClick={flow.back}
          disabled={working}
          aria-label="Back to the memberships"
        >
          <ArrowLeftIcon />
        </button>
        {step.name === 'confirm-switch' ? (
          <>
            <h3 id="membership-confirm-title">
              Switch to {step.membership.name} ({step.basis})?
            </h3>
            <p>
              Your plan changes now to {priced}. Stripe credits what is left of your current period and
              charges the difference; the new limits apply at once.
            </p>
          </>
        ) : (
          <>
            <h3 id="membership-confirm-title">Cancel {step.membership.name}?</h3>
            <p>
              {step.periodEnd
                ? `You keep ${step.membership.name} until ${formatDay(step.periodEnd)}; nothing more is charged after that.`
                : `You keep ${step.membership.name} until the end of the paid period; nothing more is charged after that.`}{' '}
              You can resume any time before then.
            </p>
          </>
        )}
        <div className="membership-confirm-actions">
          <button type="button" className="btn btn-secondary" onClick={flow.back} disabled={working}>
            {step.name === 'confirm-switch' ? 'Keep my plan' : 'Keep membership'}
          </button>
          <button
            type="button"
            className={step.name === 'confirm-cancel' ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => void flow.confirm()}
            disabled={working}
            aria-busy={working || undefined}
          >
            {working && <span className="btn-spinner" aria-hidden="true" />}
            {step.name === 'confirm-switch' ? 'Confirm switch' : 'Cancel membership'}
          </button>
        </div>
      </section>
    );
  }

  const offered =
    load.status === 'ready'
      ? load.data.memberships.filter((m) => m.active || load.data.active_subscription?.membership.id === m.id)
      : [];
  const shown = offered.filter((m) => canShowMembership(m, basis));
  const hasYearly = offered.some((m) => canShowMembership(m, 'yearly'));
  return (
    <>
      {(hasYearly || basis === 'yearly') && (
        <fieldset className="basis-toggle">
          <legend className="visually-hidden">Billing period</legend>
          {(['monthly', 'yearly'] as const).map((value) => (
            <label key={value} className={basis === value ? 'basis-option is-selected' : 'basis-option'}>
              <input
                type="radio"
                name="billing-basis"
                value={value}
                checked={basis === value}
                onChange={() => setBasis(value)}
              />
              {value === 'monthly' ? 'Monthly' : 'Yearly'}
            </label>
          ))}
        </fieldset>
      )}
      <div className="paywall-body" aria-busy={load.status === 'loading'}>
        {load.status === 'loading' && (
          <div className="membership-list">
            <span className="skeleton" style={{ height: 180, borderRadius: 16 }} />
          </div>
        )}
        {load.status === 'error' && (
          <div className="paywall-empty" role="alert">
            <p>The memberships could not be loaded. {load.error}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void flow.reload()}>
              Try again
            </button>
          </div>
        )}
        {load.status === 'ready' && shown.length === 0 && (
          <p className="paywall-empty">
            {offered.length === 0
              ? `${cloneName} does not offer memberships yet.`
              : `No ${basis} plans are offered. Try the ${basis === 'monthly' ? 'yearly' : 'monthly'} ones.`}
          </p>
        )}
        {load.status === 'ready' && shown.length > 0 && (
          <div className="membership-list">
            {shown.map((membership) => (
              <MembershipCard
                key={membership.id}
                membership={membership}
                basis={basis}
                activeSubscription={load.data.active_subscription}
                relationshipType={relationshipType}
                paymentsEnabled={paymentsEnabled}
                offered={features}
                onAction={(state) => (onSignIn ? onSignIn() : void flow.act(membership, basis, state))}
                busy={busy === membership.id}
                locked={busy !== null && busy !== membership.id}
              />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

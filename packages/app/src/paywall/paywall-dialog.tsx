/**
 * @module The paywall's tier selection (spec/calls.md §2, §4): a monthly/yearly toggle, the
 * clone's membership cards and the 'Logged in as {email}' link that signs out. Loaded lazily.
 */
import { canShowMembership } from '@doppel/core';
import type {
  BillingBasis,
  Features,
  MeteredResource,
  RelationshipType,
  SubscriptionData,
} from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { signOutWithToasts } from '../account/sign-out';
import { errorMessage, fetchMemberships } from '../api';
import { Avatar } from '../components/avatar';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { useServices } from '../services';
import { MembershipCard } from './membership-card';
import './paywall.css';

export interface PaywallDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clone: { slug: string; instanceSlug: string | null; name: string; imageUrl: string | null };
  email: string;
  relationshipType: RelationshipType | null;
  /** 'limit' when a message was refused; 'request' when asked for (the `paywall` query). */
  reason: 'limit' | 'request';
  /** What ran out when `reason` is 'limit': the copy says messages or call minutes. */
  resource?: MeteredResource;
  paymentsEnabled?: boolean;
  /** What the deployment offers (the clone's features): the copy promises nothing else. */
  features: Pick<Features, 'voiceCall' | 'videoCall' | 'sms' | 'telegram'>;
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; data: SubscriptionData }
  | { status: 'error'; error: string };

export default function PaywallDialog({
  open,
  onOpenChange,
  clone,
  email,
  relationshipType,
  reason,
  resource = 'messages',
  paymentsEnabled = false,
  features,
}: PaywallDialogProps) {
  const { api, session } = useServices();
  const [basis, setBasis] = useState<BillingBasis>('monthly');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoad({ status: 'loading' });
    fetchMemberships(api, clone.slug, clone.instanceSlug).then(
      (data) => live && setLoad({ status: 'ready', data }),
      (error: unknown) => live && setLoad({ status: 'error', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, open, clone.slug, clone.instanceSlug, attempt]);

  const offered =
    load.status === 'ready' ? load.data.memberships.filter((m) => m.active || isActive(load.data, m.id)) : [];
  const shown = offered.filter((m) => canShowMembership(m, basis));

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="dialog-content paywall-dialog"
      // The dialog itself takes focus, so its title is read first and no button looks pressed.
      initialFocus="dialog"
    >
      <div className="dialog-head paywall-top">
        <Avatar name={clone.name} imageUrl={clone.imageUrl} size={40} />
        <DialogCloseButton />
      </div>
      <DialogTitle className="paywall-title">
        {reason === 'limit' ? `Keep talking with ${clone.name}` : `Memberships for ${clone.name}`}
      </DialogTitle>
      <DialogDescription className="dialog-description">
        {reason === 'limit'
          ? `You've used all the ${resource === 'messages' ? 'messages' : 'call minutes'} included in your plan this month. A membership gives you more.`
          : `Choose a membership for more ${features.voiceCall || features.videoCall ? 'messages and calls' : 'messages'} each month.`}
      </DialogDescription>
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
      <div className="paywall-body" aria-busy={load.status === 'loading'}>
        {load.status === 'loading' && (
          <div className="membership-list">
            <span className="skeleton" style={{ height: 180, borderRadius: 16 }} />
          </div>
        )}
        {load.status === 'error' && (
          <div className="paywall-empty" role="alert">
            <p>The memberships could not be loaded. {load.error}</p>
            <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {load.status === 'ready' && shown.length === 0 && (
          <p className="paywall-empty">
            {offered.length === 0
              ? `${clone.name} does not offer memberships yet.`
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
              />
            ))}
          </div>
        )}
      </div>
      <p className="paywall-footer">
        <button
          type="button"
          className="link-button paywall-logout"
          title="Sign out"
          onClick={() => {
            onOpenChange(false);
            void signOutWithToasts(session);
          }}
        >
          Logged in as {email}
        </button>
      </p>
    </DialogShell>
  );
}

function isActive(data: SubscriptionData, id: string): boolean {
  return data.active_subscription?.membership.id === id;
}

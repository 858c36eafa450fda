import {
  formatPrice,
  isCurrentPlan,
  membershipBenefits,
  membershipPrice,
  type OfferedMedia,
  type SubscribeButtonState,
  subscribeButtonState,
} from '@doppel/core';
import {
  type ActiveSubscription,
  type BillingBasis,
  type Membership,
  OWN_CLONE_SUBSCRIBE_TOOLTIP,
  type RelationshipType,
} from '@doppel/protocol';
import { CheckIcon } from '../components/icons';

/** DESIGN §2: without a payment provider memberships are listed but subscribing is disabled. */
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';

const LABELS = {
  subscribe: 'Subscribe',
  select: 'Select',
  cancel: 'Cancel',
  resume: 'Resume',
  switch: 'Switch',
  'disabled-own-clone': 'Subscribe',
} as const;

interface MembershipCardProps {
  membership: Membership;
  basis: BillingBasis;
  activeSubscription: ActiveSubscription | null;
  relationshipType: RelationshipType | null;
  /** Whether a payment provider is configured; until then the button is disabled and says why. */
  paymentsEnabled: boolean;
  /** What the deployment offers (the clone's features): the benefits promise nothing else. */
  offered: OfferedMedia;
  /** The button was pressed (its state by spec/calls.md §4). */
  onAction?: (state: SubscribeButtonState) => void;
  /** This card's action is under way; `locked` when another card's is. */
  busy?: boolean;
  locked?: boolean;
}

/** spec/calls.md §2: name, price, per-period label, optional description, benefits and the button. */
export function MembershipCard({
  membership,
  basis,
  activeSubscription,
  relationshipType,
  paymentsEnabled,
  offered,
  onAction,
  busy = false,
  locked = false,
}: MembershipCardProps) {
  const price = membershipPrice(membership, basis);
  const state = subscribeButtonState({ activeSubscription, membership, basis, price, relationshipType });
  // issue 9 §15: the plan the user is on says so, the free one included (nothing to buy there).
  const current = isCurrentPlan({ activeSubscription, membership, basis, price });
  const showButton = state !== 'hidden' && !(current && !activeSubscription);
  const reason =
    state === 'disabled-own-clone'
      ? OWN_CLONE_SUBSCRIBE_TOOLTIP
      : paymentsEnabled
        ? null
        : PAYMENTS_NOT_CONFIGURED;
  const headingId = `membership-${membership.id}`;
  return (
    <article
      className={current ? 'membership-card is-current' : 'membership-card'}
      aria-labelledby={headingId}
    >
      <header className="membership-head">
        <h3 id={headingId} className="membership-name">
          {membership.name}
        </h3>
        {current && <span className="membership-badge">Current plan</span>}
      </header>
      {price !== null && <p className="membership-price">{formatPrice(price, basis)}</p>}
      {membership.customDescription && (
        <p className="membership-description">{membership.customDescription}</p>
      )}
      <ul className="membership-benefits">
        {membershipBenefits(membership, offered).map((benefit) => (
          <li key={benefit}>
            <CheckIcon />
            {benefit}
          </li>
        ))}
      </ul>
      {showButton && (
        <div className="membership-action">
          <button
            type="button"
            className={state === 'cancel' ? 'btn btn-secondary' : 'btn btn-primary'}
            disabled={reason !== null || busy || locked}
            title={reason ?? undefined}
            aria-describedby={reason ? `${headingId}-reason` : undefined}
            aria-busy={busy || undefined}
            onClick={() => onAction?.(state)}
          >
            {busy ? <span className="btn-spinner" aria-hidden="true" /> : null}
            {LABELS[state]}
          </button>
          {reason && (
            <span id={`${headingId}-reason`} className="membership-reason">
              {reason}
            </span>
          )}
        </div>
      )}
    </article>
  );
}

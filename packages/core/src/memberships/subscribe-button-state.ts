import {
  type ActiveSubscription,
  type BillingBasis,
  type Membership,
  OWNER_RELATIONSHIPS,
  type RelationshipType,
} from '@doppel/protocol';

/** The membership card's button. */
export type SubscribeButtonState =
  | 'subscribe'
  | 'select'
  | 'cancel'
  | 'resume'
  | 'switch'
  | 'hidden'
  | 'disabled-own-clone';

/**
 * The membership card's button, first match wins: nothing without a price for the period;
 * disabled for the clone's creator or contributor (tooltip OWN_CLONE_SUBSCRIBE_TOOLTIP);
 * Subscribe (Select when the price is 0 or less) with no active subscription; Cancel on the
 * same tier and period (Resume when cancellation is scheduled); Switch otherwise.
 * Why: spec/calls.md §4 (subscribe button) and §5 (own clone, missing price).
 */
export function subscribeButtonState(input: {
  activeSubscription: ActiveSubscription | null;
  membership: Pick<Membership, 'id'>;
  basis: BillingBasis;
  price: number | null | undefined;
  relationshipType?: RelationshipType | null;
}): SubscribeButtonState {
  const { activeSubscription: active, price } = input;
  if (price == null) return 'hidden';
  if (input.relationshipType != null && OWNER_RELATIONSHIPS.includes(input.relationshipType)) {
    return 'disabled-own-clone';
  }
  if (!active) return price <= 0 ? 'select' : 'subscribe';
  if (active.membership.id === input.membership.id && active.basis === input.basis) {
    return active.willCancelAtPeriodEnd ? 'resume' : 'cancel';
  }
  return 'switch';
}

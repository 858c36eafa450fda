import type { BillingBasis, Membership } from '@doppel/protocol';
import { membershipPrice } from './membership-price';

/**
 * Whether a membership card is shown for the chosen period: it needs a price for it, and a
 * yearly plan needs an annualPrice above 0.
 * Why: spec/calls.md §5 — a membership without a price for the chosen period cannot be shown;
 * §9 — yearly plans require annualPrice > 0.
 */
export function canShowMembership(
  membership: Pick<Membership, 'basePrice' | 'annualPrice'>,
  basis: BillingBasis,
): boolean {
  const price = membershipPrice(membership, basis);
  if (price === null || !Number.isFinite(price)) return false;
  return basis === 'yearly' ? price > 0 : price >= 0;
}

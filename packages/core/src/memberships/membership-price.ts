import type { BillingBasis, Membership } from '@doppel/protocol';

/**
 * A membership's price for the chosen period: basePrice monthly, annualPrice yearly; null
 * when the tier is not sold for that period.
 * Why: spec/calls.md §3 — basePrice (monthly), annualPrice.
 */
export function membershipPrice(
  membership: Pick<Membership, 'basePrice' | 'annualPrice'>,
  basis: BillingBasis,
): number | null {
  return basis === 'monthly' ? membership.basePrice : membership.annualPrice;
}

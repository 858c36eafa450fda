import type { BillingBasis } from '@doppel/protocol';

/**
 * A membership price in US dollars with its period: '$8 per month', '$80 per year',
 * '$8.50 per month' (cents only when there are some).
 * Why: spec/calls.md §9 — prices in USD format, 'per month' or 'per year'.
 */
export function formatPrice(amount: number, basis: BillingBasis): string {
  const whole = Number.isInteger(amount);
  const dollars = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
  return `${dollars} ${basis === 'monthly' ? 'per month' : 'per year'}`;
}

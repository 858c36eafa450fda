import { type PaywallInput, shouldOpenPaywall } from './should-open-paywall';

/** What the paywall shows: nothing, the sign-in step, or the tier selection. */
export type PaywallAction = 'none' | 'login' | 'tiers';

/**
 * What the paywall dialog shows now: 'none' while within limits, otherwise the sign-in step
 * for a visitor and the tier selection for a signed-in user. `requested` (the `paywall` query,
 * the remaining-credits ring) opens it within limits too, unless e-mail is not required.
 * Why: spec/calls.md §2 — "Paywall dialog: login first if no user, otherwise tier selection";
 * spec/chat.md §2 — the `paywall` query opens the paywall.
 */
export function paywallAction(input: PaywallInput & { requested?: boolean }): PaywallAction {
  const open = shouldOpenPaywall(input) || (input.requested === true && input.requireEmail);
  if (!open) return 'none';
  return input.signedIn ? 'tiers' : 'login';
}

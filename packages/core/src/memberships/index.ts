/** @module core/memberships — membership tiers, prices and the subscribe button. */
export { canShowMembership } from './can-show-membership';
export { formatPrice } from './format-price';
export { isCurrentPlan } from './is-current-plan';
export { membershipBenefits, type OfferedMedia } from './membership-benefits';
export { membershipPrice } from './membership-price';
export { type SubscribeButtonState, subscribeButtonState } from './subscribe-button-state';

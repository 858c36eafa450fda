/** @module core/memberships — membership tiers, prices and the subscribe button. */
export { canShowMembership } from './can-show-membership';
export { isCurrentPlan } from './current-plan';
export { formatPrice } from './format-price';
export { membershipBenefits, type OfferedMedia } from './membership-benefits';
export { membershipPrice } from './membership-price';
export { type SubscribeButtonState, subscribeButtonState } from './subscribe-button-state';

/**
 * @module core/metering — the one metering module (DESIGN §2 "Metering"): quotas, remaining
 * amounts, charges, paywall triggers and counters for the three metered resources (messages,
 * voice seconds, video seconds), each rule written once and parameterised by resource.
 */
export { anonymousQuota } from './anonymous-quota';
export { canUse } from './can-use';
export { chargeLimit } from './charge-limit';
export { countdownText } from './countdown-text';
export { exemptFromLimits } from './exempt-from-limits';
export { grantable } from './grantable';
export { isUnlimited } from './is-unlimited';
export { lowerRemaining } from './lower-remaining';
export { type Meter, meterOf } from './meter-of';
export { type PaywallAction, paywallAction } from './paywall-action';
export { type PaywallTriggerInput, type PaywallTriggers, paywallTriggers } from './paywall-triggers';
export { quotaExhausted } from './quota-exhausted';
export { type CounterTone, remainingCounterTone } from './remaining-counter-tone';
export { remainingOf } from './remaining-of';
export { resourcePermission } from './resource-permission';
export { secondsOfMinutes } from './seconds-of-minutes';
export {
  type InitialMessageQuotaInput,
  shouldAutoSendInitialMessage,
} from './should-auto-send-initial-message';
export { type PaywallInput, shouldOpenPaywall } from './should-open-paywall';
export { showRemaining } from './show-remaining';
export { showRemainingCounter } from './show-remaining-counter';
export { type TierAllowances, tierQuota } from './tier-quota';

/** @module core/quota — metering: quotas, paywall triggers, counters. */
export { canSendMessage } from './can-send-message';
export { countdownLabel } from './countdown-label';
export { isUnlimited } from './is-unlimited';
export { mediaSeconds } from './media-seconds';
export { type PaywallAction, paywallAction } from './paywall-action';
export { type CounterTone, remainingCounterTone } from './remaining-counter-tone';
export { remainingOf } from './remaining-of';
export {
  type InitialMessageQuotaInput,
  shouldAutoSendInitialMessage,
} from './should-auto-send-initial-message';
export { type PaywallInput, shouldOpenPaywall } from './should-open-paywall';
export { showRemainingCounter } from './show-remaining-counter';
export {
  type VoicePaywallInput,
  type VoicePaywallTriggers,
  voicePaywallTriggers,
} from './voice-paywall-triggers';

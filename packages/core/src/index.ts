/**
 * @module @doppel/core — pure rules shared by the app and the server (DESIGN §1): no I/O, no
 * DOM, time and randomness always injected.
 */

export { canAttachMore } from './can-attach-more';
export { canCancel, RESPONSE_CANCELLED } from './can-cancel';
export { canSend } from './can-send';
export { canSendMessage } from './can-send-message';
export { canShowMembership } from './can-show-membership';
export { canShuffle } from './can-shuffle';
export { type CaptureActionLabels, captureActions } from './capture-actions';
export { CAPTURE_TEXT, type CaptureLine, captureLines } from './capture-lines';
export { capturePlaceholder } from './capture-placeholder';
export { type CaptureSetupInput, captureSetup, EMPTY_CAPTURE_VALUES } from './capture-setup';
export { type CaptureEvent, captureTransition } from './capture-transition';
export { citationNumbers } from './citation-numbers';
export { citationToastAllowed } from './citation-toast-allowed';
export { countdownLabel } from './countdown-label';
export {
  type CaptureChatFacts,
  type CaptureEffectResult,
  type CaptureEffects,
  type CaptureFlow,
  type CaptureFlowOptions,
  type CaptureFlowState,
  type CaptureVerifyResult,
  createCaptureFlow,
} from './create-capture-flow';
export {
  createIdleTimer,
  type IdleTimer,
  type IdleTimerOptions,
  type TimerFunctions,
} from './create-idle-timer';
export { BULLET, dashBullets } from './dash-bullets';
export { dateLabel, LAST_WEEKDAY_MAX_DAYS } from './date-label';
export { type DraftFile, DraftFileStatus } from './draft-file';
export {
  type EmbedChrome,
  type EmbedWhitelabelInput,
  embedWhitelabel,
  type WhitelabelSettings,
} from './embed-whitelabel';
export { formatMediaTimestamp } from './format-media-timestamp';
export { formatPrice } from './format-price';
export { formatUsPhone } from './format-us-phone';
export { type ConversationGroup, groupConversations } from './group-conversations';
export { historyGroupLabel } from './history-group-label';
export { type InitialMessageAction, initialMessageAction } from './initial-message-action';
export { initialMessageText, type QueryInput } from './initial-message-text';
export { isCapturing } from './is-capturing';
export { isDraftDirty } from './is-draft-dirty';
export { isUnlimited } from './is-unlimited';
export { type KeyAction, keyAction } from './key-action';
export { mediaSeconds } from './media-seconds';
export { membershipBenefits } from './membership-benefits';
export { membershipPrice } from './membership-price';
export { needsTimeSeparator } from './needs-time-separator';
export { normaliseOtp, type OtpCheck } from './normalise-otp';
export { normaliseSocialUrl, type SocialLink } from './normalise-social-url';
export { type CitationSegment, parseCitationMarkers } from './parse-citation-markers';
export { type PaywallAction, paywallAction } from './paywall-action';
export { pickSuggestedQuestions } from './pick-suggested-questions';
export { podcastStartSeconds } from './podcast-start-seconds';
export { type CounterTone, remainingCounterTone } from './remaining-counter-tone';
export { remainingOf } from './remaining-of';
export { type EmbedLink, type EmbedLinkOptions, rewriteEmbedLink } from './rewrite-embed-link';
export { FALLBACK_FILE_BASE_NAME, FILE_BASE_NAME_MAX, sanitiseFileName } from './sanitise-file-name';
export { type SendButtonState, sendButtonState } from './send-button-state';
export { SCROLL_LOCK_THRESHOLD_PX, shouldAutoScroll } from './should-auto-scroll';
export {
  type InitialMessageQuotaInput,
  shouldAutoSendInitialMessage,
} from './should-auto-send-initial-message';
export { type PaywallInput, shouldOpenPaywall } from './should-open-paywall';
export { showRemainingCounter } from './show-remaining-counter';
export { type RandomSource, shuffle } from './shuffle';
export { shuffleSuggested } from './shuffle-suggested';
export { type SubscribeButtonState, subscribeButtonState } from './subscribe-button-state';
export { timeSeparatorLabel } from './time-separator-label';
export { type DateInput, toDate } from './to-date';
export { type PhoneCheck, validateCapturePhone } from './validate-capture-phone';
export {
  CITATION_DOCUMENT_REQUIRED,
  CITATION_URL_REQUIRED,
  type CitationCheck,
  PODCAST_URL_REQUIRED,
  TWEET_ID_REQUIRED,
  validateCitation,
} from './validate-citation';
export { type EmailCheck, type EmailRules, subaddressError, validateEmail } from './validate-email';
export { type FeedbackCheck, validateFeedback } from './validate-feedback';
export { type TitleCheck, validateTitle } from './validate-title';
export {
  type VoicePaywallInput,
  type VoicePaywallTriggers,
  voicePaywallTriggers,
} from './voice-paywall-triggers';
export { type ChatListItem, withTimeSeparators } from './with-time-separators';
export { youtubeUrlAt } from './youtube-url-at';

/**
 * @module @doppel/core — pure rules shared by the app and the server (DESIGN §1): no I/O, no
 * DOM, time and randomness always injected.
 */

export { canAttachMore } from './can-attach-more';
export { canCancel, RESPONSE_CANCELLED } from './can-cancel';
export { canSend } from './can-send';
export { canShuffle } from './can-shuffle';
export { citationNumbers } from './citation-numbers';
export { citationToastAllowed } from './citation-toast-allowed';
export {
  createIdleTimer,
  type IdleTimer,
  type IdleTimerOptions,
  type TimerFunctions,
} from './create-idle-timer';
export { BULLET, dashBullets } from './dash-bullets';
export { dateLabel, LAST_WEEKDAY_MAX_DAYS } from './date-label';
export { type DraftFile, DraftFileStatus } from './draft-file';
export { formatMediaTimestamp } from './format-media-timestamp';
export { type ConversationGroup, groupConversations } from './group-conversations';
export { historyGroupLabel } from './history-group-label';
export { type InitialMessageAction, initialMessageAction } from './initial-message-action';
export { initialMessageText, type QueryInput } from './initial-message-text';
export { isDraftDirty } from './is-draft-dirty';
export { type KeyAction, keyAction } from './key-action';
export { mediaSeconds } from './media-seconds';
export { needsTimeSeparator } from './needs-time-separator';
export { normaliseSocialUrl, type SocialLink } from './normalise-social-url';
export { type CitationSegment, parseCitationMarkers } from './parse-citation-markers';
export { pickSuggestedQuestions } from './pick-suggested-questions';
export { podcastStartSeconds } from './podcast-start-seconds';
export { FALLBACK_FILE_BASE_NAME, FILE_BASE_NAME_MAX, sanitiseFileName } from './sanitise-file-name';
export { type SendButtonState, sendButtonState } from './send-button-state';
export { SCROLL_LOCK_THRESHOLD_PX, shouldAutoScroll } from './should-auto-scroll';
export {
  type InitialMessageQuotaInput,
  shouldAutoSendInitialMessage,
} from './should-auto-send-initial-message';
export { type RandomSource, shuffle } from './shuffle';
export { shuffleSuggested } from './shuffle-suggested';
export { timeSeparatorLabel } from './time-separator-label';
export { type DateInput, toDate } from './to-date';
export {
  CITATION_DOCUMENT_REQUIRED,
  CITATION_URL_REQUIRED,
  type CitationCheck,
  PODCAST_URL_REQUIRED,
  TWEET_ID_REQUIRED,
  validateCitation,
} from './validate-citation';
export { type TitleCheck, validateTitle } from './validate-title';
export { type ChatListItem, withTimeSeparators } from './with-time-separators';
export { youtubeUrlAt } from './youtube-url-at';

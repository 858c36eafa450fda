/** @module core/chat — the chat: sending, drafts, initial message, suggested questions. */

export {
  type AffiliateProduct,
  affiliatesFor,
  MAX_MESSAGE_AFFILIATES,
  type MessageAffiliateLink,
} from './affiliates-for';
export { canAttachMore, filesThatFit } from './can-attach-more';
export { canCancel, RESPONSE_CANCELLED } from './can-cancel';
export { canSend } from './can-send';
export { canShuffle } from './can-shuffle';
export {
  createIdleTimer,
  type IdleTimer,
  type IdleTimerOptions,
  type TimerFunctions,
} from './create-idle-timer';
export { BULLET, dashBullets } from './dash-bullets';
export { type DraftFile, DraftFileStatus } from './draft-file';
export { type InitialMessageAction, initialMessageAction } from './initial-message-action';
export { initialMessageText, type QueryInput } from './initial-message-text';
export { isDraftDirty } from './is-draft-dirty';
export { keptAnswerText } from './kept-answer-text';
export { type KeyAction, keyAction } from './key-action';
export { type MessageLength, messageLength } from './message-length';
export { pickSuggestedQuestions } from './pick-suggested-questions';
export { fileExtension, sanitizeFileName } from './sanitize-file-name';
export { type SendButtonState, sendButtonState } from './send-button-state';
export { SCROLL_LOCK_THRESHOLD_PX, shouldAutoScroll } from './should-auto-scroll';
export { type RandomSource, shuffle } from './shuffle';
export { shuffleSuggested } from './shuffle-suggested';

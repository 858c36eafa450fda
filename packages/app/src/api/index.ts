export {
  API_BASE,
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type RequestOptions,
  type Schema,
} from './api-client';
export { ApiError, describeFailure, errorMessage, isNotFound, statusOf } from './api-error';
export {
  browserTimezone,
  fetchEmbedSession,
  fetchOptIn,
  fetchSession,
  logout,
  sendEmailCode,
  sendPhoneCode,
  verifyEmailCode,
  verifyPhoneCode,
} from './auth';
export { fetchBotCheck, redeemBotCheck } from './bot-check';
export { startVoiceCall } from './calls';
export { fetchCloneProfile, fetchExplore } from './clones';
export {
  claimConversation,
  createConversation,
  fetchConversation,
  fetchConversationHistory,
  renameConversation,
  updateConversation,
} from './conversations';
export { fetchFullTranscript, startDictationSession, transcribeRecording } from './dictation';
export { sendFeedback } from './feedback';
export {
  cancelSubscription,
  createSubscription,
  fetchBillingPortalLink,
  fetchCancelLink,
  fetchMySubscriptions,
  fetchPaymentsConfig,
  fetchSubscription,
  fetchUpdateLink,
  resumeSubscription,
  switchSubscription,
} from './payments';
export { setMessageReaction } from './reactions';
export { fetchSavedMessages, setMessageSaved } from './saved';
export {
  continueSharedConversation,
  fetchSharedConversation,
  shareConversation,
  unshareConversation,
} from './shares';
export { clearSourcesCache, fetchSources } from './sources';
export { stopAnswer } from './stop-answer';
export { openMessageStream, resumeMessageStream } from './stream';
export { greetUser, guessCountry } from './text-channels';
export { fetchSpeech } from './tts';
export { uploadFile } from './uploads';
export { fetchMemberships, fetchUsage } from './usage';
export {
  endVideoCall,
  getSharedVideoCall,
  getVideoCall,
  getVideoCallDebug,
  sendTranscriptUpdate,
  sendVideoReport,
  setRecordingStatus,
  startVideoCall,
  uploadRecording,
} from './video-calls';
export { reportVoiceFailure } from './voice-failures';

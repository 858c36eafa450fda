export { ApiError, errorMessage, isNotFound, statusOf } from './api-error';
export {
  browserTimezone,
  fetchEmbedSession,
  fetchOptIn,
  fetchSession,
  logout,
  type SessionAnswer,
  sendEmailCode,
  sendPhoneCode,
  verifyEmailCode,
  verifyPhoneCode,
} from './auth';
export { fetchCloneProfile, fetchExplore } from './clones';
export {
  claimConversation,
  createConversation,
  fetchConversation,
  fetchConversationHistory,
  renameConversation,
  updateConversation,
} from './conversations';
export { sendFeedback } from './feedback';
export {
  API_BASE,
  type RequestHeadersHook,
  type ResponseHook,
  setRequestHeadersHook,
  setResponseHook,
} from './request';
export { clearSourcesCache, fetchSources } from './sources';
export { openMessageStream } from './stream';
export { fetchMemberships, fetchUsage } from './usage';

export { ApiError, errorMessage, isNotFound, statusOf } from './api-error';
export {
  browserTimezone,
  fetchSession,
  logout,
  type SessionAnswer,
  sendEmailCode,
  verifyEmailCode,
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
export { API_BASE, type RequestHeadersHook, setRequestHeadersHook } from './request';
export { clearSourcesCache, fetchSources } from './sources';
export { openMessageStream } from './stream';
export { fetchMemberships, fetchUsage } from './usage';

export { ApiError, isNotFound } from './api-error';
export { fetchCloneProfile, fetchExplore } from './clones';
export { createConversation, fetchConversation, renameConversation } from './conversations';
export { API_BASE } from './request';
export { clearSourcesCache, fetchSources } from './sources';
export { openMessageStream } from './stream';

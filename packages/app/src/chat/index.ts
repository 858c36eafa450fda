export { type ChatMessage, type ChatMessageState, type ChatReply, toChatMessage } from './chat-message';
export {
  type ChatApi,
  type ChatEvent,
  type ChatStore,
  type ChatStoreOptions,
  createChatStore,
  type LoadState,
  type SendFailure,
  type SendOutcome,
} from './chat-store';
export { prefersTouch } from './prefers-touch';
export { type SendOutcomeContext, type SendSource, settleSendOutcome } from './settle-send-outcome';
export { readStreamEvents, type StreamHandlers } from './sse-reader';
export { useClaimOnSignIn } from './use-claim-on-sign-in';

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
export {
  type ChatTransport,
  createTextStreamTransport,
  type TransportHandlers,
  textStreamTransport,
} from './chat-transport';
export { prefersTouch } from './prefers-touch';
export { preloadStreamReader, readStreamEvents, type StreamHandlers } from './sse-reader';

export {
  type CaptureHandoff,
  type ConversationController,
  type ConversationControllerOptions,
  type ConversationMemory,
  createConversationController,
} from './conversation-controller';
export { ConversationIntro, ConversationMessages, ConversationPrompt } from './conversation-parts';
export {
  type InitialMessageFacts,
  type InitialMessageStep,
  initialMessageStep,
} from './initial-message-step';
export type { Notifier } from './notifier';
export { type SendOutcomeContext, type SendSource, settleSendOutcome } from './settle-send-outcome';
export { toastNotifier } from './toast-notifier';
export { useCanStop } from './use-can-stop';
export { type PageConversationOptions, useConversation } from './use-conversation';

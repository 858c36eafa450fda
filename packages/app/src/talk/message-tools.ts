/**
 * @module Extra actions under a clone message that only some people get (issue 10 §5, §6): the
 * creator tools and the staff debug dialog. The page that offers them provides a renderer; the
 * message list and the embed know nothing of them, so their code stays out of the embed.
 */
import { createContext } from 'react';
import type { ChatMessage } from '../chat';

/** What the extra actions of `message` are, or null; `first` when it opens the conversation. */
export type MessageToolsRenderer = (message: ChatMessage, first: boolean) => React.ReactNode;

export const MessageToolsContext = createContext<MessageToolsRenderer | null>(null);

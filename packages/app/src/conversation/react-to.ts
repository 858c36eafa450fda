/** @module The like and thumbs-down of a conversation's clone messages (issue 9 §12). */
import type { MessageReaction } from '@doppel/protocol';
import { type ApiClient, setMessageReaction } from '../api';
import type { ChatStore } from '../chat/chat-store';
import type { Notifier } from './notifier';

/** Said when a like or thumbs-down could not be saved (it is taken back on screen). */
export const REACTION_FAILED = 'Could not save your reaction';

/**
 * The intent "react to this message": shown at once, saved on the server per message and person,
 * put back as it was when saving fails. Only stored messages (with a server id) take reactions.
 */
export function reactTo(chat: ChatStore, api: ApiClient, notify: Notifier) {
  return async (messageId: string, reaction: MessageReaction | null): Promise<void> => {
    const before = chat.messages.peek().find((m) => m.id === messageId);
    if (before?.state !== 'stored') return;
    chat.setReaction(messageId, reaction);
    try {
      await setMessageReaction(api, messageId, reaction);
    } catch {
      chat.setReaction(messageId, before.reaction);
      notify.error(REACTION_FAILED);
    }
  };
}

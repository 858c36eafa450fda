/** @module Save and unsave a conversation's clone messages (spec/chat.md §4 Save, §8). */
import { MESSAGE_SAVED, MESSAGE_UNSAVED, SAVE_FAILED } from '@doppel/protocol';
import { type ApiClient, setMessageSaved } from '../api';
import type { ChatStore } from '../chat/chat-store';
import type { Notifier } from './notifier';

/**
 * The intent "save this message": toggled on screen at once (optimistic), stored on the server,
 * put back as it was with 'Failed to save message' when storing fails. Only stored messages
 * (with a server id) can be saved.
 */
export function saveMessage(chat: ChatStore, api: ApiClient, notify: Notifier) {
  return async (messageId: string, saved: boolean): Promise<void> => {
    const before = chat.messages.peek().find((m) => m.id === messageId);
    if (before?.state !== 'stored' || before.sender !== 'CLONE') return;
    chat.setSaved(messageId, saved);
    try {
      await setMessageSaved(api, messageId, saved);
      notify.info(saved ? MESSAGE_SAVED : MESSAGE_UNSAVED);
    } catch {
      chat.setSaved(messageId, before.saved);
      notify.error(SAVE_FAILED);
    }
  };
}

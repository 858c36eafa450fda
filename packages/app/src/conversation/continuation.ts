/**
 * @module The text a visitor typed on a shared conversation (spec/chat.md §2: "sending a message
 * here continues it as a new conversation"), handed to the talk page of the new conversation,
 * which sends it once that conversation is open. Kept in the tab's session storage, so a reload
 * in between does not send it twice and another tab never sees it.
 */
const KEY = 'doppel:continue:';

/** Hands `text` to the talk page that opens conversation `conversationId`. */
export function handOffContinuation(conversationId: string, text: string): void {
  try {
    sessionStorage.setItem(`${KEY}${conversationId}`, text);
  } catch {
    // Storage refused (private mode): the new conversation opens without the text.
  }
}

/** The text handed to conversation `conversationId`, once: taking it removes it. */
export function takeContinuation(conversationId: string): string | null {
  try {
    const text = sessionStorage.getItem(`${KEY}${conversationId}`);
    if (text !== null) sessionStorage.removeItem(`${KEY}${conversationId}`);
    return text;
  } catch {
    return null;
  }
}

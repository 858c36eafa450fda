import type { Medium } from '@doppel/protocol';

/** What the talk page does with its starting text. */
export type InitialMessageAction = 'send' | 'new-conversation' | 'none';

/** spec/chat.md §4: the media in which the starting text is sent automatically. */
const AUTO_SEND_MEDIA: ReadonlySet<Medium> = new Set<Medium>(['WEB', 'EMBED']);

/**
 * 'send' when the trimmed starting text is non-empty and the medium is WEB or EMBED;
 * 'new-conversation' for any other medium; 'none' when there is no text.
 * Why: spec/chat.md §4 (initial message) — the trimmed `message` or `q` text is sent
 * automatically only when the medium is WEB or EMBED; otherwise a new conversation starts.
 * Whether the quota allows the send is `shouldAutoSendInitialMessage`.
 */
export function initialMessageAction(input: {
  medium: Medium;
  text: string | null | undefined;
}): InitialMessageAction {
  if (!input.text || input.text.trim() === '') return 'none';
  return AUTO_SEND_MEDIA.has(input.medium) ? 'send' : 'new-conversation';
}

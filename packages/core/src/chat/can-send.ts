import { DraftFileStatus } from './draft-file';
import { messageLength } from './message-length';

/**
 * Whether the draft may be sent: the text holds a non-blank character, no attached file is
 * still uploading and no send is pending.
 * Why: spec/chat.md §5 (message needs non-blank text; sending disabled when the draft is not
 * dirty, a file is pending or a send is pending) and §4 (sending is blocked while any file is pending);
 * issue 9 §10: a text over the message limit is not sent.
 */
export function canSend(draft: {
  text: string;
  files: readonly { status: DraftFileStatus }[];
  pending: boolean;
}): boolean {
  if (draft.pending || draft.text.trim() === '' || messageLength(draft.text).over) return false;
  return !draft.files.some((file) => file.status === DraftFileStatus.PENDING);
}

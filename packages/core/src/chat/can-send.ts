import { DraftFileStatus } from './draft-file';

/**
 * Whether the draft may be sent: the text holds a non-blank character, no attached file is
 * still uploading and no send is pending.
 * Why: spec/chat.md §5 (message needs non-blank text; sending disabled when the draft is not
 * dirty, a file is pending or a send is pending) and §4 (sending is blocked while any file is pending).
 */
export function canSend(draft: {
  text: string;
  files: readonly { status: DraftFileStatus }[];
  pending: boolean;
}): boolean {
  if (draft.pending || draft.text.trim() === '') return false;
  return !draft.files.some((file) => file.status === DraftFileStatus.PENDING);
}

/** spec/chat.md §3: a draft file's status codes (pending 0, success 1, failed 2). */
export const DraftFileStatus = { PENDING: 0, SUCCESS: 1, FAILED: 2 } as const;
export type DraftFileStatus = (typeof DraftFileStatus)[keyof typeof DraftFileStatus];

/** spec/chat.md §3: a file attached to the draft; `url` is set once the upload succeeded. */
export interface DraftFile {
  id: string;
  status: DraftFileStatus;
  url?: string | null;
}

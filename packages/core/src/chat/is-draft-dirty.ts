/**
 * Whether the draft has content: non-empty text or any attached file.
 * Why: spec/chat.md §4 (draft) — dirty when text is non-empty or any file is attached.
 * Whitespace counts as content here (the spec says non-empty); `canSend` asks for non-blank text.
 */
export function isDraftDirty(draft: { text: string; files: readonly unknown[] }): boolean {
  return draft.text.length > 0 || draft.files.length > 0;
}

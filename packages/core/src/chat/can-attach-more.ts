import { MAX_DRAFT_FILES } from '@doppel/protocol';

/** spec/chat.md §5, §9: a draft holds at most 3 files; upload is disabled at 3. */
export function canAttachMore(files: readonly unknown[]): boolean {
  return files.length < MAX_DRAFT_FILES;
}

/** How many of `picked` files fit in a draft that already holds `held`. */
export function filesThatFit(held: number, picked: number): number {
  return Math.max(0, Math.min(picked, MAX_DRAFT_FILES - held));
}

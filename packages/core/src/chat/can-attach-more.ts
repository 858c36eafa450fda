import { MAX_DRAFT_FILES } from '@doppel/protocol';

/**
 * Whether another file may be attached to a draft that already holds `count` files.
 * Why: spec/chat.md §5 — maximum 3 files in a draft (upload disabled at 3).
 */
export function canAttachMore(count: number): boolean {
  return count < MAX_DRAFT_FILES;
}

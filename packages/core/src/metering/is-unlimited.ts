import { UNLIMITED } from '@doppel/protocol';

/**
 * Whether a quota (or remaining amount) means "no limit".
 * Why: spec/chat.md §9 — quota -1 means unlimited.
 */
export function isUnlimited(quota: number): boolean {
  return quota === UNLIMITED;
}

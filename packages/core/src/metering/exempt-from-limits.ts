import { OWNER_RELATIONSHIPS, type RelationshipType } from '@doppel/protocol';

/**
 * Whether the user's relationship exempts them from every limit of the clone: creators and
 * contributors have no limit and no countdown.
 * Why: spec/calls.md §5 — "Creators and contributors: no countdown, no limit"; §6.
 */
export function exemptFromLimits(relationship: RelationshipType | null | undefined): boolean {
  return relationship != null && OWNER_RELATIONSHIPS.includes(relationship);
}

import { z } from 'zod';

/**
 * spec/chat.md §3 / spec/calls.md §3: how a user relates to a clone. CREATOR and CONTRIBUTOR
 * own it (exempt from call limits, cannot subscribe to it); FOLLOWER is everyone else who has
 * talked to it or subscribed.
 */
export const RelationshipType = z.enum(['CREATOR', 'CONTRIBUTOR', 'FOLLOWER']);
export type RelationshipType = z.infer<typeof RelationshipType>;

/** Server → app, inside GET /api/me and the usage answer: the user's relationship with a clone. */
export const Relationship = z.object({
  id: z.string(),
  userId: z.string(),
  cloneId: z.string().optional(),
  type: RelationshipType,
});
export type Relationship = z.infer<typeof Relationship>;

/** Whether the relationship makes the user an owner of the clone (spec/calls.md §6). */
export const OWNER_RELATIONSHIPS: readonly RelationshipType[] = ['CREATOR', 'CONTRIBUTOR'];

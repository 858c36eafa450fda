import { z } from 'zod';
import { Conversation, ConversationTitle } from './conversation';

/**
 * App → server, PATCH /api/conversations/:id (the owner only): rename and/or archive from the
 * history drawer. At least one field; `hidden: true` archives (spec/chat.md §4 Archive).
 */
export const ConversationUpdateRequest = z
  .object({ title: ConversationTitle.optional(), hidden: z.boolean().optional() })
  .refine((body) => body.title !== undefined || body.hidden !== undefined, 'Nothing to update');
export type ConversationUpdateRequest = z.infer<typeof ConversationUpdateRequest>;

/** Server → app, answer to PATCH /api/conversations/:id: the conversation as stored now. */
export const ConversationUpdateResponse = Conversation;
export type ConversationUpdateResponse = z.infer<typeof ConversationUpdateResponse>;

/**
 * Server → app, answer to POST /api/conversations/:id/claim: after sign-in (or capture) the
 * visitor's anonymous conversation now belongs to the user. `claimed` is false when it already
 * did (claiming is idempotent).
 */
export const ClaimConversationResponse = z.object({ conversation: Conversation, claimed: z.boolean() });
export type ClaimConversationResponse = z.infer<typeof ClaimConversationResponse>;

/**
 * Server → app, GET /api/clones/:slug/conversations (?instance=, signed in): the history drawer's
 * list, visible conversations only, most recently updated first.
 */
export const ConversationHistory = z.array(Conversation);
export type ConversationHistory = z.infer<typeof ConversationHistory>;

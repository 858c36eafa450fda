import { z } from 'zod';
import { MessageReaction } from './conversation';

/** POST /api/messages/:id/reaction — set (`like`, `dislike`) or clear (`null`) the caller's reaction. */
export const ReactionRequest = z.object({ reaction: MessageReaction.nullable() }).strict();
export type ReactionRequest = z.infer<typeof ReactionRequest>;

/** The reaction as stored for the caller. */
export const ReactionResponse = z.object({ messageId: z.string(), reaction: MessageReaction.nullable() });
export type ReactionResponse = z.infer<typeof ReactionResponse>;

import { z } from 'zod';

/** POST /api/messages/:id/save — save (`true`) or unsave (`false`) a clone message (spec/chat.md §4). */
export const SaveRequest = z.object({ saved: z.boolean() }).strict();
export type SaveRequest = z.infer<typeof SaveRequest>;

/** The message's saved state as stored. */
export const SaveResponse = z.object({ messageId: z.string(), saved: z.boolean() });
export type SaveResponse = z.infer<typeof SaveResponse>;

/** A saved message as its owner finds it again: GET /api/clones/:slug/saved. */
export const SavedMessage = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  conversationId: z.string(),
  conversationTitle: z.string().nullable(),
});
export type SavedMessage = z.infer<typeof SavedMessage>;

/** The caller's saved messages with one clone, newest first. */
export const SavedMessages = z.array(SavedMessage);
export type SavedMessages = z.infer<typeof SavedMessages>;

/** spec/chat.md §8. */
export const MESSAGE_SAVED = 'Message saved';
export const MESSAGE_UNSAVED = 'Message unsaved';
export const SAVE_FAILED = 'Failed to save message';

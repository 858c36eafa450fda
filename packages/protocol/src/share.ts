import { z } from 'zod';
import { Medium, Message } from './conversation';

/** POST /api/conversations/:id/share — the conversation's share id (the same one when already shared). */
export const ShareResponse = z.object({ conversationId: z.string(), shareId: z.string() });
export type ShareResponse = z.infer<typeof ShareResponse>;

/**
 * GET /api/shares/:shareId — a shared conversation, read-only, for anyone with the link: its
 * messages without the owner's own marks (saved, reactions).
 */
export const SharedConversation = z.object({
  shareId: z.string(),
  title: z.string(),
  cloneSlug: z.string(),
  instanceSlug: z.string().nullable(),
  /** What it was: a chat (`WEB`) or a call (`BROWSER_VOICE`, …) — the shared call page shows calls only. */
  medium: Medium.default('WEB'),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(Message),
});
export type SharedConversation = z.infer<typeof SharedConversation>;

/** POST /api/shares/:shareId/continue — the caller's new conversation, holding the shared messages. */
export const ContinueSharedResponse = z.object({ conversationId: z.string() });
export type ContinueSharedResponse = z.infer<typeof ContinueSharedResponse>;

/** spec/chat.md §8. */
export const SHARE_NOT_FOUND = 'Conversation is no longer shared';
export const SHARING_NOT_ALLOWED = 'This clone is private: its conversations cannot be shared.';
export const NO_CONVERSATION_ID = 'No conversation ID found.';

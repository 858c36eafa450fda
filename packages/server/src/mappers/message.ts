/** @module Message rows → protocol `Message` (timestamps as ISO strings). */
import { type Message, MessageAffiliate, MessageReaction, Sender } from '@doppel/protocol';
import { z } from 'zod';

export const MessageRow = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender: Sender,
  text: z.string(),
  from_studio: z.boolean(),
  session_start: z.boolean(),
  saved: z.boolean(),
  has_sources: z.boolean(),
  interrupted: z.boolean(),
  image_url: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
  affiliates: z.array(MessageAffiliate),
  created_at: z.date(),
  /** The caller's reaction, where the read joined it (listMessages). */
  reaction: MessageReaction.nullable().optional(),
});
export type MessageRow = z.infer<typeof MessageRow>;

export const MESSAGE_COLUMNS = `id, conversation_id, sender, text, from_studio, session_start, saved, has_sources,
  interrupted, image_url, files, affiliates, created_at`;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    text: row.text,
    sender: row.sender,
    type: 'text',
    createdAt: row.created_at.toISOString(),
    fromStudio: row.from_studio,
    sessionStart: row.session_start,
    saved: row.saved,
    hasSources: row.has_sources,
    interrupted: row.interrupted,
    imageUrl: row.image_url,
    files: row.files,
    messageAffiliates: row.affiliates,
    reaction: row.reaction ?? null,
  };
}

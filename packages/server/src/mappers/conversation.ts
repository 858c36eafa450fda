/** @module Conversation rows → protocol `Conversation` (timestamps as ISO strings). */
import { type Conversation, Medium } from '@doppel/protocol';
import { z } from 'zod';

/** A conversation row joined with its clone's slug. */
export const ConversationRow = z.object({
  id: z.string(),
  clone_id: z.string(),
  clone_slug: z.string(),
  instance_id: z.string().nullable(),
  title: z.string(),
  medium: Medium,
  created_at: z.date(),
  updated_at: z.date(),
  share_id: z.string().nullable(),
  hidden: z.boolean(),
  recording_url: z.string().nullable(),
});
export type ConversationRow = z.infer<typeof ConversationRow>;

/** The columns `ConversationRow` needs, for `SELECT … FROM conversations v JOIN clones c`. */
export const CONVERSATION_COLUMNS = `v.id, v.clone_id, c.slug AS clone_slug, v.instance_id, v.title, v.medium,
  v.created_at, v.updated_at, v.share_id, v.hidden, v.recording_url`;

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    cloneId: row.clone_id,
    cloneSlug: row.clone_slug,
    instanceId: row.instance_id,
    title: row.title,
    medium: row.medium,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    shareId: row.share_id,
    hidden: row.hidden,
    recordingUrl: row.recording_url,
  };
}

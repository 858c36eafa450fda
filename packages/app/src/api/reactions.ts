import { type MessageReaction, ReactionResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/messages/:id/reaction: sets (or with null clears) the caller's like or thumbs-down. */
export async function setMessageReaction(
  api: ApiClient,
  messageId: string,
  reaction: MessageReaction | null,
): Promise<MessageReaction | null> {
  const answer = await api.request(`/messages/${encodeURIComponent(messageId)}/reaction`, ReactionResponse, {
    method: 'POST',
    body: { reaction },
  });
  return answer.reaction;
}

import {
  Conversation,
  ConversationWithMessages,
  type CreateConversationRequest,
  type Medium,
  RenameConversationResponse,
} from '@doppel/protocol';
import { request } from './request';

/** POST /api/conversations: a new conversation with the clone (201). */
export function createConversation(input: {
  slug: string;
  instanceSlug?: string | null;
  medium: Medium;
}): Promise<Conversation> {
  const body: CreateConversationRequest = {
    slug: input.slug,
    instanceSlug: input.instanceSlug ?? null,
    medium: input.medium,
  };
  return request('/conversations', Conversation, { method: 'POST', body });
}

/** GET /api/conversations/:id: the conversation with its messages; 404 for an unknown one. */
export function fetchConversation(id: string): Promise<ConversationWithMessages> {
  return request(`/conversations/${encodeURIComponent(id)}`, ConversationWithMessages);
}

/** POST /api/clone/talk/conversation/title: renames the conversation; answers the stored title. */
export async function renameConversation(id: string, title: string): Promise<string> {
  const answer = await request('/clone/talk/conversation/title', RenameConversationResponse, {
    method: 'POST',
    body: { id, title },
  });
  return answer.title;
}

import {
  type ClaimConversationResponse,
  ClaimConversationResponse as ClaimConversationResponseSchema,
  Conversation,
  ConversationHistory,
  type ConversationUpdateRequest,
  ConversationUpdateResponse,
  ConversationWithMessages,
  type CreateConversationRequest,
  type Medium,
  RenameConversationResponse,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** POST /api/conversations: a new conversation with the clone (201). */
export function createConversation(
  api: ApiClient,
  input: {
    slug: string;
    instanceSlug?: string | null;
    medium: Medium;
  },
): Promise<Conversation> {
  const body: CreateConversationRequest = {
    slug: input.slug,
    instanceSlug: input.instanceSlug ?? null,
    medium: input.medium,
  };
  return api.request('/conversations', Conversation, { method: 'POST', body });
}

/** GET /api/conversations/:id: the conversation with its messages; 404 for an unknown one. */
export function fetchConversation(api: ApiClient, id: string): Promise<ConversationWithMessages> {
  return api.request(`/conversations/${encodeURIComponent(id)}`, ConversationWithMessages);
}

/** POST /api/clone/talk/conversation/title: renames the conversation; answers the stored title. */
export async function renameConversation(api: ApiClient, id: string, title: string): Promise<string> {
  const answer = await api.request('/clone/talk/conversation/title', RenameConversationResponse, {
    method: 'POST',
    body: { id, title },
  });
  return answer.title;
}

/**
 * GET /api/clones/:slug/conversations (?instance=, signed in): the history list, newest first;
 * with `archived`, the archived conversations instead (?archived=true).
 */
export function fetchConversationHistory(
  api: ApiClient,
  slug: string,
  instanceSlug?: string | null,
  archived = false,
): Promise<Conversation[]> {
  const params = new URLSearchParams();
  if (instanceSlug) params.set('instance', instanceSlug);
  if (archived) params.set('archived', 'true');
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return api.request(`/clones/${encodeURIComponent(slug)}/conversations${query}`, ConversationHistory);
}

/** PATCH /api/conversations/:id: renames and/or archives (`hidden: true`); answers the stored conversation. */
export function updateConversation(
  api: ApiClient,
  id: string,
  update: ConversationUpdateRequest,
): Promise<Conversation> {
  return api.request(`/conversations/${encodeURIComponent(id)}`, ConversationUpdateResponse, {
    method: 'PATCH',
    body: update,
  });
}

/** POST /api/conversations/:id/claim: after sign-in the visitor's conversation becomes the user's. */
export function claimConversation(api: ApiClient, id: string): Promise<ClaimConversationResponse> {
  return api.request(`/conversations/${encodeURIComponent(id)}/claim`, ClaimConversationResponseSchema, {
    method: 'POST',
  });
}

import { ContinueSharedResponse, SharedConversation, ShareResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

/** POST /api/conversations/:id/share: the conversation's share id (the same one when shared before). */
export async function shareConversation(api: ApiClient, conversationId: string): Promise<string> {
  const answer = await api.request(
    `/conversations/${encodeURIComponent(conversationId)}/share`,
    ShareResponse,
    {
      method: 'POST',
    },
  );
  return answer.shareId;
}

/** DELETE /api/shares/:shareId: the link stops working at once. */
export async function unshareConversation(api: ApiClient, shareId: string): Promise<void> {
  const response = await api.send(`/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
  if (!response.ok) throw await ApiError.fromResponse(response);
}

/** GET /api/shares/:shareId: the shared conversation, read-only. */
export function fetchSharedConversation(api: ApiClient, shareId: string): Promise<SharedConversation> {
  return api.request(`/shares/${encodeURIComponent(shareId)}`, SharedConversation);
}

/** POST /api/shares/:shareId/continue: the caller's new conversation holding the shared messages. */
export async function continueSharedConversation(api: ApiClient, shareId: string): Promise<string> {
  const answer = await api.request(
    `/shares/${encodeURIComponent(shareId)}/continue`,
    ContinueSharedResponse,
    {
      method: 'POST',
    },
  );
  return answer.conversationId;
}

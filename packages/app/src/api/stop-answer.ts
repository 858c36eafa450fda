import { type Message, StopAnswerResponse } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/**
 * POST /api/conversations/:id/stop: the visitor stopped the answer in flight; `shownText` is the
 * answer as it stood on screen, and the server keeps it as that. Answers the stored answer when it
 * was already stored (cut), else null.
 */
export async function stopAnswer(
  api: ApiClient,
  conversationId: string,
  shownText: string,
): Promise<Message | null> {
  const answer = await api.request(
    `/conversations/${encodeURIComponent(conversationId)}/stop`,
    StopAnswerResponse,
    {
      method: 'POST',
      body: { shownText },
    },
  );
  return answer.message;
}

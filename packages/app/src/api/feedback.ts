import type { FeedbackRequest } from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

/**
 * POST /api/feedback: the 'User Feedback' dialog's subject and content with the page it was
 * sent from; the server adds the caller's IP address and, when signed in, name and e-mail.
 */
export async function sendFeedback(api: ApiClient, feedback: FeedbackRequest): Promise<void> {
  const response = await api.send('/feedback', { method: 'POST', body: feedback });
  if (!response.ok) throw await ApiError.fromResponse(response);
}

import type { FeedbackRequest } from '@doppel/protocol';
import { ApiError } from './api-error';
import { send } from './request';

/**
 * POST /api/feedback: the 'User Feedback' dialog's subject and content with the page it was
 * sent from; the server adds the caller's IP address and, when signed in, name and e-mail.
 */
export async function sendFeedback(feedback: FeedbackRequest): Promise<void> {
  const response = await send('/feedback', { method: 'POST', body: feedback });
  if (!response.ok) throw await ApiError.fromResponse(response);
}

import { MessageDebug } from '@doppel/protocol';
import type { ApiClient } from './api-client';

/** GET /api/messages/:id/debug (staff only): the message as stored and the retrieval behind it. */
export function fetchMessageDebug(api: ApiClient, messageId: string): Promise<MessageDebug> {
  return api.request(`/messages/${encodeURIComponent(messageId)}/debug`, MessageDebug);
}

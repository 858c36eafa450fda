import {
  INVALID_OUTBOUND_MESSAGE,
  LAST_EVENT_ID_HEADER,
  type StreamRequest,
  StreamRequest as StreamRequestSchema,
} from '@doppel/protocol';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';

/**
 * POST /api/clone/talk/messages/stream: opens the answer stream. Resolves with the OK
 * response whose body carries the `data:` lines; a non-OK answer (4xx before any event,
 * 402 for usage enforcement) throws an `ApiError` with the server's text.
 */
export async function openMessageStream(
  api: ApiClient,
  body: StreamRequest,
  signal: AbortSignal,
): Promise<Response> {
  const parsed = StreamRequestSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, INVALID_OUTBOUND_MESSAGE);
  const response = await api.send('/clone/talk/messages/stream', {
    method: 'POST',
    body: parsed.data,
    signal,
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  if (!response.body) throw new ApiError(response.status, 'The server sent an empty stream.');
  return response;
}

/**
 * GET /api/clone/talk/messages/stream/:streamId (issue 14 §2): the events of a stream after
 * `lastEventId`, then the rest of the answer, from whichever server process answers. Throws like
 * `openMessageStream` (404 when the stream is gone).
 */
export async function resumeMessageStream(
  api: ApiClient,
  streamId: string,
  lastEventId: number,
  signal: AbortSignal,
): Promise<Response> {
  const response = await api.send(`/clone/talk/messages/stream/${encodeURIComponent(streamId)}`, {
    headers: { [LAST_EVENT_ID_HEADER]: String(lastEventId) },
    signal,
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  if (!response.body) throw new ApiError(response.status, 'The server sent an empty stream.');
  return response;
}

/**
 * @module OpenAI's error shape, `{"error": {message, type, param, code}}`, for the routes that
 * speak OpenAI's protocol (routes/openai.ts): its clients read `code` and `message` from there.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** Answers an OpenAI-shaped error with `status`. */
export function openAiError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  code: string | null,
  type = 'invalid_request_error',
): Response {
  const body: OpenAiErrorBody = { error: { message, type, param: null, code } };
  return c.json(body, status);
}

/** @module The one shape of every error answer: `{"error": "<readable reason>"}` (DESIGN §4). */
import type { ApiError, DetailError } from '@doppel/protocol';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Answers `{"error": message}` with `status`. */
export function apiError(c: Context, status: ContentfulStatusCode, message: string): Response {
  const body: ApiError = { error: message };
  return c.json(body, status);
}

/** Answers `{"detail": message}`: the phone and opt-in routes' error shape (spec/calls.md §7). */
export function detailError(c: Context, status: ContentfulStatusCode, message: string): Response {
  const body: DetailError = { detail: message };
  return c.json(body, status);
}

/**
 * @module Reads a JSON request body (size-limited), parses it with its protocol schema and
 * hands the result to the route as `c.var.body`. Every failure is a 4xx before the route
 * runs, so nothing is ever written for a bad body (DESIGN §4). The body must be declared
 * `application/json` (415 otherwise): a page on another site can send `text/plain` without a
 * CORS preflight, JSON it cannot (issue 7 §5). Control characters in any string are refused
 * with a readable 400 (PostgreSQL refuses NUL with an error of its own).
 */

import { controlCharacterIn } from '@doppel/protocol';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { apiError, detailError } from '../../http/api-error';
import { BodyAbortedError } from '../../http/body-aborted-error';
import { describeIssues } from '../../http/describe-issues';

export const MALFORMED_JSON = 'Malformed JSON body';
export const BODY_TOO_LARGE = 'Request body too large';
export const JSON_REQUIRED = 'Content-Type must be application/json';

/** `application/json` or a `+json` type, with or without parameters (charset). */
export function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Where in `value` a string holds a control character, as `field.path: U+XXXX`; null if none. */
export function findControlCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') {
    const found = controlCharacterIn(value);
    return found === null ? null : `${path.length > 0 ? path.join('.') : 'body'}: ${found}`;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found =
        findControlCharacter(key, [...path, '(key)']) ?? findControlCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export interface JsonBodyOptions {
  /** Largest body accepted, in bytes; larger answers 413. */
  maxBytes: number;
  /** The 400 message for a body the schema refuses; default: the issues, readable. */
  describe?: (error: z.ZodError) => string;
  /** The key of the error answer: `error` (default), or `detail` for the phone routes (spec/calls.md §7). */
  errorKey?: 'error' | 'detail';
}

/**
 * Reads at most `maxBytes` of `request`'s body; `null` when it is larger. A body of a declared
 * length within the limit (what browsers send) is read whole: HTTP never delivers more than the
 * declared length, and on Node the adapter reads it straight from the socket's message, without
 * the web Request and stream a reader needs (issue 14 §5: 5–7 % of a send's CPU). A body of no
 * declared length is read as a stream, and given up on as soon as it passes the limit.
 */
export async function readLimited(request: Request, maxBytes: number): Promise<string | null> {
  const length = request.headers.get('content-length');
  const declared = length !== null && /^\d+$/.test(length) ? Number(length) : Number.NaN;
  if (declared > maxBytes) return null;
  if (declared <= maxBytes)
    return request.text().catch((cause: unknown) => {
      throw new BodyAbortedError(cause);
    });
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    // A read fails only when the body breaks off (the client went away, or the request
    // timeout cut it): the client's doing, answered and logged as such by app.onError.
    const { done, value } = await reader.read().catch((cause: unknown) => {
      throw new BodyAbortedError(cause);
    });
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Parses the JSON body with `schema`; the route reads it as `c.var.body`. */
export function jsonBody<S extends z.ZodType>(schema: S, options: JsonBodyOptions) {
  return createMiddleware<{ Variables: { body: z.output<S> } }>(async (c, next) => {
    const fail = (status: 400 | 413 | 415, message: string) =>
      options.errorKey === 'detail' ? detailError(c, status, message) : apiError(c, status, message);
    if (!isJsonContentType(c.req.header('content-type'))) return fail(415, JSON_REQUIRED);
    const text = await readLimited(c.req.raw, options.maxBytes);
    if (text === null) return fail(413, BODY_TOO_LARGE);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail(400, MALFORMED_JSON);
    }
    const control = findControlCharacter(json);
    if (control) return fail(400, `Text may not contain control characters (${control})`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) return fail(400, (options.describe ?? describeIssues)(parsed.error));
    c.set('body', parsed.data);
    await next();
  });
}

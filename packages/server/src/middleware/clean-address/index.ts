/**
 * @module An address the database can take (issue 7 §5): a path or query with a control
 * character (`%00` most of all: PostgreSQL refuses NUL with an error) or broken percent
 * encoding answers 400 with a readable reason before any route looks it up.
 */
import { controlCharacterIn } from '@doppel/protocol';
import { createMiddleware } from 'hono/factory';
import { apiError } from '../../http/api-error';

export const MALFORMED_ADDRESS = 'Malformed address';

export const cleanAddress = () =>
  createMiddleware(async (c, next) => {
    const url = new URL(c.req.url);
    let parts: string[];
    try {
      parts = [decodeURIComponent(url.pathname)];
      for (const [key, value] of url.searchParams) parts.push(key, value);
    } catch {
      return apiError(c, 400, MALFORMED_ADDRESS);
    }
    for (const part of parts) {
      const found = controlCharacterIn(part);
      if (found) return apiError(c, 400, `The address may not contain control characters (${found})`);
    }
    return next();
  });

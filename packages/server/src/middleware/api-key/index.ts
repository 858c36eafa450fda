/**
 * @module The API key of the OpenAI-compatible endpoint (DESIGN §4 "with a key"): a request
 * needs `Authorization: Bearer <key>` — how OpenAI's clients send `apiKey`, and how Vapi sends a
 * custom LLM's credential — or, where allowed, `X-Vapi-Secret: <key>`. A missing, unknown or
 * revoked key answers 401 in OpenAI's error shape before anything else happens; a live one
 * hands the route its grant (`c.var.apiKey`: the key and the one clone it answers for).
 */
import type { Queryable } from '@doppel/db';
import { createMiddleware } from 'hono/factory';
import { API_KEY_PATTERN } from '../../auth/api-key';
import type { Clock } from '../../clock';
import { openAiError } from '../../http/openai-error';
import { type ApiKeyGrant, useApiKey } from '../../store/api-keys';

export const MISSING_API_KEY =
  'Missing API key: send it as "Authorization: Bearer <key>" (`doppel key create SLUG` makes one).';
export const INVALID_API_KEY = 'Invalid API key: it is unknown or has been revoked.';

export interface ApiKeyOptions {
  db: Queryable;
  clock: Clock;
  /** Also read `X-Vapi-Secret` (Vapi's server-URL secret), after `Authorization`. */
  vapiSecret?: boolean;
}

export interface ApiKeyEnv {
  Variables: { apiKey: ApiKeyGrant };
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case), or null. */
function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Requires a live API key; the route reads its grant as `c.var.apiKey`. */
export function apiKey({ db, clock, vapiSecret = false }: ApiKeyOptions) {
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const refuse = (message: string, code: string): Response => {
      // RFC 6750: a 401 names the scheme it wants.
      c.header('WWW-Authenticate', 'Bearer realm="doppel"');
      return openAiError(c, 401, message, code);
    };
    const secret = vapiSecret ? c.req.header('x-vapi-secret')?.trim() || null : null;
    const given = bearer(c.req.header('authorization')) ?? secret;
    if (given === null) return refuse(MISSING_API_KEY, 'missing_api_key');
    // A string that cannot be a key costs no database round trip.
    const grant = API_KEY_PATTERN.test(given) ? await useApiKey(db, given, clock.now()) : null;
    if (!grant) return refuse(INVALID_API_KEY, 'invalid_api_key');
    c.set('apiKey', grant);
    await next();
  });
}

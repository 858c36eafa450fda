/** @module The one fetch wrapper of the app: JSON in, schema-parsed JSON out, `ApiError` on failure. */
import { ApiError } from './api-error';

/** Base path of the API; the dev server proxies it to the server on port 3000. */
export const API_BASE = '/api';

/** What `request` needs of a protocol schema (zod's `safeParse`), so the app need not depend on zod itself. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * Adds headers to every API request. The full site needs none (the session and visitor cookies
 * go along same-origin); inside an embed the iframe adds its bearer token and visitor id here.
 */
export type RequestHeadersHook = () => Record<string, string>;

let headersHook: RequestHeadersHook | null = null;

/** Installs (or with null removes) the headers hook; returns the previous one. */
export function setRequestHeadersHook(hook: RequestHeadersHook | null): RequestHeadersHook | null {
  const previous = headersHook;
  headersHook = hook;
  return previous;
}

/** Sees every API response; inside an embed it keeps the visitor id the server hands out. */
export type ResponseHook = (response: Response) => void;

let responseHook: ResponseHook | null = null;

/** Installs (or with null removes) the response hook; returns the previous one. */
export function setResponseHook(hook: ResponseHook | null): ResponseHook | null {
  const previous = responseHook;
  responseHook = hook;
  return previous;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API and parses the answer with `schema`. A non-OK answer throws an `ApiError`
 * carrying the server's `error` text; a network failure throws one with status 0; an
 * answer that does not match the schema throws one with the response status.
 */
export async function request<T>(path: string, schema: Schema<T>, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await ApiError.fromResponse(response);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.status, 'The server sent an unreadable answer.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'The server sent an unexpected answer.');
  return parsed.data;
}

/** Sends the request; a network failure becomes an `ApiError` with status 0. */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...headersHook?.(), Accept: 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'same-origin', headers };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error: the server could not be reached.');
  }
  responseHook?.(response);
  return response;
}

/**
 * @module The app's one way to the API: an `ApiClient` made once per app (the site's sends its
 * cookies; the embed's adds its bearer token and visitor id) and handed to every store, controller
 * and dialog that calls the server — no module-global hooks. JSON in, schema-parsed JSON out,
 * `ApiError` on failure.
 */
import { ApiError } from './api-error';

/** Base path of the API; the dev server proxies it to the server on port 3000. */
export const API_BASE = '/api';

/** What `request` needs of a protocol schema (zod's `safeParse`), so the app need not depend on zod itself. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart form body instead of JSON (uploads); the browser sets its Content-Type. */
  form?: FormData;
  /** A raw body instead of JSON (a recording), sent with its own type. */
  blob?: Blob;
  /** Headers of this request only (a resumed stream's `Last-Event-ID`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  /**
   * Calls the API and parses the answer with `schema`. A non-OK answer throws an `ApiError`
   * carrying the server's `error` text; a network failure throws one with status 0; an answer
   * that does not match the schema throws one with the response status.
   */
  request<T>(path: string, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  /** Sends the request and answers the raw response; a network failure becomes an `ApiError` with status 0. */
  send(path: string, options?: RequestOptions): Promise<Response>;
}

export interface ApiClientOptions {
  /** Headers added to every request (the embed's bearer token and visitor id); none on the site. */
  headers?: () => Record<string, string>;
  /** Sees every response (the embed keeps the visitor id the server hands out). */
  onResponse?: (response: Response) => void;
  /** The fetch to use; the window's, looked up at each call, by default. */
  fetch?: typeof fetch;
}

/** Makes an API client; with no options, the full site's (same-origin cookies). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  async function send(path: string, request: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      ...options.headers?.(),
      Accept: 'application/json',
      ...request.headers,
    };
    const init: RequestInit = { method: request.method ?? 'GET', credentials: 'same-origin', headers };
    if (request.signal) init.signal = request.signal;
    if (request.form) {
      init.body = request.form;
    } else if (request.blob) {
      headers['Content-Type'] = request.blob.type;
      init.body = request.blob;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const fetchFn = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchFn(`${API_BASE}${path}`, init);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw new ApiError(0, 'Network error: the server could not be reached.');
    }
    options.onResponse?.(response);
    return response;
  }

  async function request<T>(path: string, schema: Schema<T>, init: RequestOptions = {}): Promise<T> {
    const response = await send(path, init);
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

  return { request, send };
}

/** @module Renders the whole app at a path with the API mocked at the fetch level. */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearSourcesCache } from '../api';
import { App } from '../app';
import { clearCloneProfileCache } from '../hooks/use-clone-profile';
import { createAppServices } from '../services';
// Loaded on demand by the header; imported here so a test's clock does not wait on compiling it.
import '../account/account-dropdown';

type Handler = (request: {
  url: URL;
  body: unknown;
  signal: AbortSignal | null;
}) => Response | Promise<Response>;

/** Replaces fetch with handlers keyed 'METHOD /api/path' (query ignored); unknown calls answer 404. */
/** What every test's server answers unless the test says otherwise: no bot check (localhost). */
const DEFAULT_HANDLERS: Record<string, Handler> = {
  'GET /api/bot-check': () =>
    new Response(JSON.stringify({ required: false }), { headers: { 'Content-Type': 'application/json' } }),
};

export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, url, body });
    const handler = handlers[key] ?? DEFAULT_HANDLERS[key];
    if (!handler) {
      return new Response(JSON.stringify({ error: `No mock for ${key}` }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return handler({ url, body, signal: init?.signal ?? null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/**
 * Renders the app at `path` with fresh services (the site's API client over the mocked fetch);
 * returns the memory location to inspect navigation, and the services.
 */
export function renderApp(path: string) {
  clearCloneProfileCache();
  clearSourcesCache();
  const services = createAppServices();
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App services={services} />
    </Router>,
  );
  return { ...view, location, services };
}

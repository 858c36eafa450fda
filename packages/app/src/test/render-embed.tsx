/**
 * @module Renders the embed iframe's app with the API mocked at the fetch level (headers recorded)
 * and a fake host page on the other side of the bridge.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { type BridgeWindow, createEmbedBridge } from '../embed/bridge';
import { EmbedApp } from '../embed/embed-app';
import { readEmbedLocation } from '../embed/embed-location';
import { createEmbedServices } from '../embed/embed-services';
import { createEmbedStorage, type EmbedStorage } from '../embed/embed-storage';

export const HOST_ORIGIN = 'https://host.example';
export const MAIN_ORIGIN = 'https://doppel.test';

export type EmbedHandler = (request: {
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}) => Response | Promise<Response>;

export interface EmbedCall {
  key: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/** Replaces fetch with handlers keyed 'METHOD /api/path' (query ignored); unknown calls answer 404. */
export function mockEmbedApi(handlers: Record<string, EmbedHandler>) {
  const calls: EmbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), MAIN_ORIGIN);
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = { ...((init?.headers as Record<string, string> | undefined) ?? {}) };
    calls.push({ key, url, body, headers });
    const handler = handlers[key];
    if (!handler) {
      return new Response(JSON.stringify({ error: `No mock for ${key}` }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return handler({ url, body, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The host page on the other side of the bridge: records what the chat posts, delivers host messages. */
export function fakeHostPage(origin = HOST_ORIGIN) {
  const parent = { postMessage: vi.fn() };
  const listeners = new Set<(event: MessageEvent) => void>();
  const window: BridgeWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const deliver = (type: string, payload?: unknown, id = 'doppel-1') => {
    const event = { data: { ns: 'doppel', v: 1, type, id, payload }, source: parent, origin };
    for (const listener of [...listeners]) listener(event as unknown as MessageEvent);
  };
  return {
    window,
    parent,
    deliver,
    /** Every frame message posted so far (type and payload), in order. */
    events: () =>
      parent.postMessage.mock.calls.map(([message]) => {
        const { type, payload } = message as { type: string; payload?: unknown };
        return { type, payload };
      }),
    /** Every targetOrigin used so far. */
    targets: () => parent.postMessage.mock.calls.map(([, target]) => target as string),
  };
}

export interface RenderEmbedOptions {
  /** The iframe's path and query (the parent query is added). */
  path?: string;
  storage?: EmbedStorage;
  /** The host's welcome payload; none: the host has not answered yet. */
  welcome?: { mode: 'bubble' | 'inline' | 'fullpage'; open?: boolean; prefill?: string; config?: string };
}

/** Renders the embed app as its entry does: storage-backed identity, the bridge, then the chat. */
export function renderEmbed(options: RenderEmbedOptions = {}) {
  const path = options.path ?? '/embed/demo';
  const url = new URL(path, MAIN_ORIGIN);
  url.searchParams.set('parent', HOST_ORIGIN);
  const location = readEmbedLocation(url.pathname, url.search);
  if (!location) throw new Error(`not an embed path: ${path}`);
  const storage = options.storage ?? createEmbedStorage();
  const services = createEmbedServices(storage);
  const host = fakeHostPage();
  const bridge = createEmbedBridge({ window: host.window, parentOrigin: location.parent });
  if (options.welcome) host.deliver('welcome', options.welcome);
  const view = render(
    <EmbedApp
      location={location}
      bridge={bridge}
      storage={storage}
      mainOrigin={MAIN_ORIGIN}
      services={services}
    />,
  );
  return { ...view, host, bridge, storage };
}
